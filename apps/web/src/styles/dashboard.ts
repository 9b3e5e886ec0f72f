// The Mantine styles the signed-in layout and the dashboard need, one file per component, on top
// of the first screen's (styles/firstScreen.ts). The dashboard is the page a signed-in phone opens
// first: all of Mantine's styles (39 KB compressed, render-blocking) were a tenth of what it loaded
// before its first paint. The rest (styles/allMantine.ts) loads before any other page shows and,
// on the dashboard, once it has painted (routes/_app.tsx). e2e/tests/phone.test.ts checks that
// the dashboard looks the same without the rest.
import "@mantine/core/styles/Accordion.layer.css";
import "@mantine/core/styles/AppShell.layer.css";
import "@mantine/core/styles/Avatar.layer.css";
import "@mantine/core/styles/Badge.layer.css";
import "@mantine/core/styles/Burger.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/Grid.layer.css";
import "@mantine/core/styles/Indicator.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/NavLink.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/Progress.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/core/styles/Skeleton.layer.css";
import "@mantine/core/styles/Table.layer.css";
import "@mantine/core/styles/ThemeIcon.layer.css";
import "@mantine/notifications/styles.layer.css";
