import { TextInput, type TextInputProps } from "@mantine/core";
import { SEARCH_MAX } from "@sitesafe/domain";
import { IconSearch } from "@tabler/icons-react";

/**
 * A list screen's search field: the magnifier, the server's length limit (longer text is refused
 * there), and an accessible name, since the field shows only a placeholder.
 */
export function SearchBox({
  label,
  value,
  onSearch,
  ...props
}: { label: string; value: string; onSearch: (value: string) => void } & Omit<TextInputProps, "value" | "onChange">) {
  return (
    <TextInput
      aria-label={label}
      maxLength={SEARCH_MAX}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
