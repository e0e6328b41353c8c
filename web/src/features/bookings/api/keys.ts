/** The booking page's query keys, and the link every call carries (nothing else identifies the visitor). */
export interface BookingLink {
  readonly request: string;
  readonly token: string;
}

export const bookingKeys = {
  slots: (link: BookingLink) => ['booking', 'slots', link.request, link.token] as const,
};
