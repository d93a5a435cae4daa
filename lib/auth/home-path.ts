export type UserType = "DV_CompanyContact" | "DV_Director" | "Admin";

/** Where each kind of user lands (docs/product.md); a visitor stays on the front door, `/`. */
export const homePaths: Record<UserType, string> = {
  DV_CompanyContact: "/identity-verification/company-management",
  DV_Director: "/identity-verification/individual-details",
  Admin: "/administration/client-management",
};

export function homePathFor(userType: UserType | null | undefined): string {
  return userType ? homePaths[userType] : "/";
}
