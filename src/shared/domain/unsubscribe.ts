/**
 * Unsubscribe links (issue 33): each works for {@link UNSUBSCRIBE_LINK_DAYS} days after its email is
 * sent; after that the page says so and points to the profile's email preferences.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;

export const unsubscribeMessages = {
  invalid: 'This unsubscribe link is not valid. Open the latest email and try again.',
  expired: `This unsubscribe link has expired: links work for ${UNSUBSCRIBE_LINK_DAYS} days after their email is sent. Open a newer email, or turn these emails off in your profile.`,
  /** Said beside the link in every email that has one. */
  validFor: `This link works for ${UNSUBSCRIBE_LINK_DAYS} days.`,
};
