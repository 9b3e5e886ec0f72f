// All of Mantine's styles, for every signed-in page but the dashboard (styles/dashboard.ts has
// its few); loaded by routes/_app.tsx through `loadAllStyles`.
import "@mantine/core/styles.layer.css";
import "@mantine/dates/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
