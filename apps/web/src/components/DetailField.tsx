import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A labelled value on a detail screen: small caps label above, the value below; long values wrap. */
export function DetailField({ label, value, children }: { label: string; value?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: "anywhere" }}>
        {value ?? children}
      </Text>
    </Stack>
  );
}
