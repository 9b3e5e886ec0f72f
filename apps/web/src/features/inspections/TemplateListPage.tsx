import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack } from "@mantine/core";
import { can } from "@sitesafe/domain";
import { IconCopy, IconLanguage, IconListCheck, IconPencil, IconPlus, IconVersions } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { InfoLine } from "../../components/RecordCard";
import { IconButton } from "../../components/record/IconButton";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { errorMessage, trpc } from "../../lib/trpc";
import { CopyTemplateDialog } from "./CopyTemplateDialog";

/**
 * /inspections/templates (staff, `inspectionTemplate.manage`): every template, built-in ones
 * first, with its language and current version; copy any of them, make a new one, edit one that is
 * not built in. Templates are not project data, so the list is short and read whole (at most 500).
 */
export function TemplateListPage() {
  const { t } = useTranslation("inspections");
  const actor = useActor();
  const navigate = useNavigate();
  const list = trpc.inspections.templates.useQuery();
  const [copying, setCopying] = useState<{ id: number; name: string; language: "en" | "es" } | null>(null);
  const manage = can(actor, "inspectionTemplate.manage");
  return (
    <>
      <BackLink to="/inspections" label={t("list.title")} />
      <PageHeader
        title={t("templates.title")}
        subtitle={t("templates.subtitle")}
        actions={
          manage ? (
            <IconButton
              size="md"
              icon={IconPlus}
              onClick={() => void navigate({ to: "/inspections/templates/new" })}
              data-testid="new-template"
            >
              {t("templates.newButton")}
            </IconButton>
          ) : null
        }
      />
      {copying ? <CopyTemplateDialog source={copying} onClose={() => setCopying(null)} /> : null}
      {list.isPending ? (
        <CardGridSkeleton />
      ) : list.error ? (
        <ErrorState message={errorMessage(list.error, t("templates.fetchFailed"))} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t("templates.emptyTitle")} message={t("templates.emptyNone")} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="template-list">
          {list.data.map((template) => (
            <Card key={template.id} withBorder radius="md" padding="md" data-testid="template-card">
              <Stack gap={8} h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={`/inspections/templates/${template.id}`} fw={600} c="inherit" lineClamp={2}>
                    {template.name}
                  </Anchor>
                  {template.builtin ? (
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }} data-testid="template-builtin">
                      {t("templates.builtin")}
                    </Badge>
                  ) : null}
                </Group>
                <InfoLine icon={IconLanguage}>{t(`templates.language.${template.language}`)}</InfoLine>
                <InfoLine icon={IconVersions}>{t("templates.version", { version: template.currentVersion })}</InfoLine>
                <InfoLine icon={IconListCheck}>{t("templates.items", { count: template.itemCount })}</InfoLine>
                <Group gap="xs" mt="auto" pt={4} grow>
                  <Button
                    variant="default"
                    size="md"
                    component={Link}
                    to={`/inspections/templates/${template.id}`}
                    leftSection={<IconPencil size={16} />}
                  >
                    {template.builtin || !manage ? t("templates.view") : t("templates.edit")}
                  </Button>
                  {manage ? (
                    <IconButton
                      variant="light"
                      size="md"
                      icon={IconCopy}
                      iconSize={16}
                      onClick={() => setCopying({ id: template.id, name: template.name, language: template.language })}
                      data-testid="copy-template"
                    >
                      {t("templates.copy")}
                    </IconButton>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
