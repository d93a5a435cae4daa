/** Leaves the page for `url` (Stripe Checkout or the payment page). Its own module so tests can replace it. */
export function goTo(url: string) {
  window.location.assign(url);
}
