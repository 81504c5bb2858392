/** The toolbar's record (name, image, unread count): refreshed by whatever changes one of them. */
export const avatarKeys = {
  all: ['avatar'] as const,
};
