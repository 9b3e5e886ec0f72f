import { createTheme } from "@mantine/core";

/** Safety orange on neutral grey; large touch targets for gloved hands on a phone. */
export const theme = createTheme({
  primaryColor: "orange",
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: "700" },
  components: {
    Button: { defaultProps: { size: "sm" } },
    TextInput: { defaultProps: { size: "sm" } },
  },
});
