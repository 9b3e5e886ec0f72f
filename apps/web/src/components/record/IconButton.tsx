import { Button, type ButtonProps } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A button that leads with its icon (Close permit, Resolve, New inspection), the icon sized to the button. */
export function IconButton({
  icon: ButtonIcon,
  iconSize = 16,
  children,
  ...props
}: ButtonProps & { icon: Icon; iconSize?: number; onClick?: () => void; "data-testid"?: string; children: ReactNode }) {
  return (
    <Button leftSection={<ButtonIcon size={iconSize} />} {...props}>
      {children}
    </Button>
  );
}
