const all = ['home'] as const;

/**
 * The admin's home figures. The area manager's and the reseller's homes count partners and installers: their keys
 * live with those (partnersKeys.areaManagerHome, posatoriKeys.resellerHome), so that a change there refreshes them.
 */
export const homeKeys = {
  all,
  statoHome: [...all, 'statohome'] as const,
};
