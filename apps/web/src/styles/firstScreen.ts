// The Mantine styles the first screen needs (/auth, the spinner, the 404 page, the update prompt),
// one file per component, instead of all of Mantine's 290 KB: on a slow phone network the CSS is
// on the critical path of the first paint (docs/decisions/performance.md). The signed-in layout
// loads the rest (routes/_app.tsx). Cascade-layer builds throughout, so whichever file arrives
// last, the app's own CSS still wins over Mantine's and duplicates change nothing.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Affix.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/Tabs.layer.css";
import "@mantine/core/styles/Notification.layer.css";
