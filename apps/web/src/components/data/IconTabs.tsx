import { Tabs, type TabsProps } from "@mantine/core";
import type { ReactNode } from "react";

/** One tab of IconTabs: its value, its icon and label, and what its panel shows. */
export interface IconTab {
  value: string;
  icon: ReactNode;
  label: string;
  panel: ReactNode;
}

/**
 * A screen's tabs, each an icon and a label over its panel; a panel is mounted only while its tab is
 * shown. With `scroll` the tab list scrolls sideways on a narrow screen instead of wrapping. A tab
 * given as `false` (one the reader may not see) is left out.
 */
export function IconTabs({
  tabs,
  scroll,
  ...props
}: Omit<TabsProps, "children" | "keepMounted"> & { tabs: readonly (IconTab | false)[]; scroll?: boolean }) {
  const shown = tabs.filter((tab): tab is IconTab => tab !== false);
  return (
    <Tabs keepMounted={false} {...props}>
      <Tabs.List mb="md" style={scroll ? { flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" } : undefined}>
        {shown.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
