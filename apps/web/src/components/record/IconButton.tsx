import { Button, type ButtonProps } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The icon's size for a button's: smaller on a small button, larger on a large one. */
const ICON_SIZE: Partial<Record<string, number>> = { xs: 14, md: 18, lg: 18, xl: 18 };

/** A button that leads with its icon (Close permit, Resolve, New inspection), the icon sized to the button unless `iconSize` says. */
export function IconButton({
  icon: ButtonIcon,
  iconSize,
  children,
  ...props
}: ButtonProps & { icon: Icon; iconSize?: number; onClick?: () => void; "data-testid"?: string; children: ReactNode }) {
  return (
    <Button leftSection={<ButtonIcon size={iconSize ?? ICON_SIZE[String(props.size)] ?? 16} />} {...props}>
      {children}
    </Button>
  );
}
