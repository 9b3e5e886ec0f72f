import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from "@mantine/core";

/**
 * Safety orange on neutral grey, readable in sunlight (WCAG 2.2 AA, checked by axe-core in the
 * browser tests in both themes) and with touch targets of at least 44 px for gloved hands.
 *
 * Mantine's stock orange.7 gives white text a contrast of 3.04:1 (orange.9 only 4.30:1), so the
 * darker end of the palette is a burnt safety orange: #c2410c (5.18:1 with white) is the filled
 * shade. Green, red, blue, teal and cyan get the same treatment so that every filled button and
 * badge keeps white text at 4.5:1 or more in both themes; yellow gets dark text (autoContrast).
 */
const darkened = (
  name: "orange" | "green" | "red" | "blue" | "teal" | "cyan" | "yellow",
  seven: string,
  eight: string,
  nine: string,
): MantineColorsTuple => {
  const [c0, c1, c2, c3, c4, c5, c6] = DEFAULT_THEME.colors[name];
  return [c0, c1, c2, c3, c4, c5, c6, seven, eight, nine];
};

export const theme = createTheme({
  primaryColor: "orange",
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  colors: {
    orange: darkened("orange", "#c2410c", "#a63a0c", "#8a2f0a"),
    green: darkened("green", "#237a35", "#1e7031", "#185c28"),
    red: darkened("red", "#c92a2a", "#b02525", "#962020"),
    blue: darkened("blue", "#1971c2", "#1864ab", "#145591"),
    teal: darkened("teal", "#087f5b", "#066b4d", "#05573f"),
    cyan: darkened("cyan", "#0b7285", "#0a6372", "#08535f"),
    // Filled yellow keeps its colour with dark text (autoContrast); its light-variant text (shade 9) darkens.
    yellow: darkened("yellow", "#f59f00", "#a15c00", "#7a4600"),
  },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: "700" },
  // Sizes stay compact on a desk; touch.css raises every control to 48 px on phones and touch screens.
  components: {
    Button: { defaultProps: { size: "sm" } },
    TextInput: { defaultProps: { size: "sm" } },
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    // Toast text in the body colour: Mantine's grey description is under 4.5:1.
    Notification: { styles: { description: { color: "var(--mantine-color-text)" } } },
  },
});

/**
 * Dimmed text, links and the brand colour per theme: Mantine's dimmed grey is 3.3:1 on white and
 * its dark-theme dimmed 4.0:1 on the dark body, both under AA for body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Placeholders at AA: Mantine's gray.5 is 2.07:1 on white; this grey is 4.69:1.
    "--mantine-color-placeholder": "#6c757d",
    "--mantine-color-anchor": "var(--mantine-color-orange-8)",
    "--sitesafe-brand-text": "var(--mantine-color-orange-8)",
    "--sitesafe-good-text": "var(--mantine-color-green-8)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    // Mantine's dark.3 placeholder is under 3:1 on a dark input.
    "--mantine-color-placeholder": "var(--mantine-color-dark-1)",
    "--mantine-color-anchor": "var(--mantine-color-orange-4)",
    "--sitesafe-brand-text": "var(--mantine-color-orange-4)",
    "--sitesafe-good-text": "var(--mantine-color-green-4)",
  },
});
