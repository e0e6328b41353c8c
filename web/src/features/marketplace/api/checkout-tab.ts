/** The blank tab a checkout opens in, opened inside the visitor's click (later, browsers block it as a pop-up). */
export function openCheckoutTab(): Window | null {
  return window.open('', '_blank');
}
