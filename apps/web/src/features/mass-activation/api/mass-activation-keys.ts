/** The latest mass activation, polled while it works and replaced when a new one starts. */
export const massActivationKeys = {
  latest: ['mass-activation'] as const,
};
