import { Button } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";

/**
 * A record page's header buttons: Edit (a link to the edit page, or a click that opens the form in
 * place) and Delete (opens the confirmation). Each is passed only when the shared policy allows it
 * (`can` from the domain package), so a button the server would refuse is never shown.
 */
export function EditDeleteActions({
  edit,
  remove,
}: {
  edit?: { label: string; to: string } | { label: string; onClick: () => void } | false | undefined;
  remove?: { label: string; onClick: () => void } | false | undefined;
}) {
  return (
    <>
      {edit ? (
        "to" in edit ? (
          <Button component={Link} to={edit.to} variant="light" leftSection={<IconEdit size={16} />}>
            {edit.label}
          </Button>
        ) : (
          <Button variant="light" leftSection={<IconEdit size={16} />} onClick={edit.onClick}>
            {edit.label}
          </Button>
        )
      ) : null}
      {remove ? (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={remove.onClick}>
          {remove.label}
        </Button>
      ) : null}
    </>
  );
}
