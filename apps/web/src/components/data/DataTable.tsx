import { Card, type MantineSpacing, Stack, Table, type TableProps, type TableTdProps, type TableThProps } from "@mantine/core";
import { Fragment, type Key, type ReactNode } from "react";
import { useIsMobile } from "../../lib/device";

/** One column of a DataTable: its header, and how a row fills its cell. */
export interface DataColumn<T> {
  /** The header's text; none for a column of actions. */
  header?: ReactNode;
  /** "right" for a column of figures: its header and cells keep to the right. */
  align?: "right";
  /** Props of the header cell (a width). */
  th?: TableThProps;
  /** The cell's content for one row. */
  cell: (row: T) => ReactNode;
  /** Props of the column's cells (a style, a title), the same for every row or worked out per row. */
  td?: TableTdProps | ((row: T) => TableTdProps);
}

interface DataTableProps<T> extends Omit<TableProps, "children"> {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  /** The `data-testid` of each body row. */
  rowTestId?: string;
  /** The rows of a `<tfoot>` (totals), when the table has one. */
  footer?: ReactNode;
  /** On a phone, a card a row instead of the table. */
  card?: (row: T) => ReactNode;
  /** The space between the cards on a phone. */
  cardGap?: MantineSpacing;
  /** The table sits in a bordered card of its own. */
  framed?: boolean;
  /** The compact, striped look of a record-keeping form (small text, rows spaced "xs"). */
  dense?: boolean;
}

/** How a row is told from the others: by default its `id`, when it has one. */
type RowKey<T> = T extends { id: Key } ? { rowKey?: (row: T) => Key } : { rowKey: (row: T) => Key };

const byId = (row: unknown) => (row as { id: Key }).id;

/**
 * A table of records that scrolls sideways on a narrow screen: a header row, then a row a record, from
 * a list of columns; on a phone, with `card`, a stack of cards instead. Rows are spaced "sm" and light
 * up under the pointer unless the props say otherwise.
 */
export function DataTable<T>({
  minWidth,
  columns,
  rows,
  rowKey = byId,
  rowTestId,
  footer,
  card,
  cardGap = "xs",
  framed,
  dense,
  ...table
}: DataTableProps<T> & RowKey<T>) {
  const isMobile = useIsMobile();
  if (card && isMobile) {
    return (
      <Stack gap={cardGap}>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>{card(row)}</Fragment>
        ))}
      </Stack>
    );
  }
  // A column's key is its place in the list: the columns are a fixed list.
  const scroller = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={dense ? "xs" : "sm"} striped={dense} fz={dense ? "sm" : undefined} highlightOnHover {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i} ta={column.align} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column, i) => (
                <Table.Td key={i} ta={column.align} {...(typeof column.td === "function" ? column.td(row) : column.td)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
  return framed ? (
    <Card withBorder radius="md" padding={0}>
      {scroller}
    </Card>
  ) : (
    scroller
  );
}
