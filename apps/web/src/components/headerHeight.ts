/**
 * Height of the signed-in layout's fixed header, in px. The toasts open just below it, so a
 * reminder never covers the account menu or the theme switch at the top right (a hovered toast
 * also stops its own timer, so one over the menu could stay there).
 */
export const HEADER_HEIGHT = 60;

/** Height of the bottom tab bar on phones and tablets; phone toasts open just above it. */
export const BOTTOM_TABS_HEIGHT = 64;
