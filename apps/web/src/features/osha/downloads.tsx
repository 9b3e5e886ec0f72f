import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

/** A file the REST API serves (PDF or CSV), downloaded with the session cookie like any link. */
export function DownloadButton({ href, label, disabled }: { href: string; label: string; disabled?: boolean }) {
  return (
    <Button
      component="a"
      href={disabled ? undefined : href}
      download
      variant="light"
      size="sm"
      leftSection={<IconDownload size={16} />}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
      onClick={(e) => disabled && e.preventDefault()}
    >
      {label}
    </Button>
  );
}

export const recordQuery = (establishmentId: number, year: number) => `establishmentId=${establishmentId}&year=${year}`;
