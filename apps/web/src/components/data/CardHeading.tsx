import { Anchor, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * The heading of a record's card in a phone's list: its name (a link to it when `to` is given) over
 * a dimmed summary line, both cut to the card's width.
 */
export function CardHeading({ name, to, summary, size }: { name: ReactNode; to?: string; summary: ReactNode; size?: "sm" }) {
  return (
    <div style={{ minWidth: 0 }}>
      {to ? (
        <Anchor component={Link} to={to} fw={600}>
          {name}
        </Anchor>
      ) : (
        <Text fw={600} size={size} truncate>
          {name}
        </Text>
      )}
      <Text size="xs" c="dimmed" truncate>
        {summary}
      </Text>
    </div>
  );
}
