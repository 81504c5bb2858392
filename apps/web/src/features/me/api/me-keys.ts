/** The signed-in user's records: the card fields of every role, and the own-profile form's record. */
export const meKeys = {
  me: ['me'] as const,
  myProfile: ['myprofile'] as const,
  /** One's own new e-mail waiting for its confirmation link. */
  pendingEmail: ['myprofile', 'pending-email'] as const,
};
