import { type FormErrors, schemaResolver as mantineSchemaResolver } from "@mantine/form";
import { localizeMessage } from "./i18n";

/** Form errors in the UI's language: the domain's Zod messages are English (lib/i18n). */
export function localizeErrors(errors: FormErrors): FormErrors {
  const localized: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) localized[path] = typeof message === "string" ? localizeMessage(message) : message;
  return localized;
}

/**
 * Drop-in for @mantine/form's schemaResolver (same arguments): the forms validate with the
 * domain's schemas as before, and in Spanish show their messages in Spanish.
 */
export const schemaResolver: typeof mantineSchemaResolver = ((
  schema: Parameters<typeof mantineSchemaResolver>[0],
  options?: { sync?: boolean },
) => {
  const resolve = mantineSchemaResolver(schema, options as { sync: true }) as (values: unknown) => FormErrors | Promise<FormErrors>;
  return (values: unknown) => {
    const errors = resolve(values);
    return errors instanceof Promise ? errors.then(localizeErrors) : localizeErrors(errors);
  };
}) as typeof mantineSchemaResolver;
