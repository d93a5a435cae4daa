/** Addresses the page chrome links to. External policy pages open in a new tab. */
export const SITE_LINKS = Object.freeze({
  home: "/",
  contact: "/contact",
  dataProcessingPolicy: "https://www.thornbury-cs.example/data-processing-policy",
  termsOfService: "https://www.thornbury-cs.example/terms-of-service",
});
