import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Stepper, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { guestSignerSchema, type SignOnRecordKind, type SignOnStatus } from "@sitesafe/domain";
import { IconArrowLeft, IconCheck, IconSignature } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { useOutboxMutation } from "../outbox/useOutboxMutation";
import { queuedName, useQueuedSignatures } from "./queuedSignatures";
import { SignaturePadField, type SignaturePadHandle } from "./SignaturePadField";

type Signer = { workerId: number; name: string } | { guestName: string; guestCompany: string } | { self: true; name: string };

const signerName = (signer: Signer) => ("guestName" in signer ? signer.guestName : signer.name);

/** A short description of this device for the signature's record: the browser's own words, trimmed. */
function deviceLabel(): string {
  return typeof navigator === "undefined" ? "" : navigator.userAgent.slice(0, 300);
}

/**
 * The sign-on flow (issue #34), one person at a time: who signs (a name from the project's
 * workers, or name and company without an account; or the signed-in worker themself), the summary
 * to read, then a finger signature. Collecting, the phone is handed on and the flow starts again
 * for the next person. A signature without signal goes to the Outbox with its idempotency key and
 * is sent, in order, when the connection returns.
 */
export function SignOnFlow({
  mode,
  kind,
  id,
  title,
  status,
  summary,
  onClose,
}: {
  mode: "collect" | "self";
  kind: SignOnRecordKind;
  id: number;
  title: string;
  status: SignOnStatus;
  summary: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation("signOn");
  const phone = useMediaQuery("(max-width: 48em)");
  const actor = useActor();
  const utils = trpc.useUtils();
  const queued = useQueuedSignatures(kind, id);
  const selfName = status.assigned.find((w) => w.workerId === actor?.workerId)?.name ?? t("card.someone");
  const first = mode === "self" ? 1 : 0;
  const [step, setStep] = useState(first);
  const [signer, setSigner] = useState<Signer | null>(mode === "self" ? { self: true, name: selfName } : null);
  const [picked, setPicked] = useState<string | null>(null);
  const [noAccount, setNoAccount] = useState(false);
  const [padError, setPadError] = useState<string | null>(null);
  const [signedHere, setSignedHere] = useState(0);
  const pad = useRef<SignaturePadHandle>(null);
  const guest = useForm({
    mode: "controlled",
    initialValues: { guestName: "", guestCompany: "" },
    validate: schemaResolver(guestSignerSchema, { sync: true }),
  });

  // Not yet signed on this version, and not already waiting in this device's Outbox.
  const waitingIds = new Set(queued.map((item) => Number(item.input.workerId)).filter((n) => n > 0));
  const choices = status.missing.filter((w) => !waitingIds.has(w.workerId));

  const nextPerson = () => {
    setSignedHere((n) => n + 1);
    if (mode === "self") {
      onClose();
      return;
    }
    setSigner(null);
    setPicked(null);
    setNoAccount(false);
    guest.reset();
    setPadError(null);
    setStep(0);
  };

  const sign = useOutboxMutation("signOn.sign", {
    onSuccess: () => {
      void utils.signOn.status.invalidate({ kind, id });
    },
    onQueued: (item) =>
      notifySuccess(t("flow.queuedTitle"), t("flow.queuedMessage", { name: queuedName(item.input, status, t("card.someone")) })),
    onError: (error) => notifyError(t("flow.failed"), errorMessage(error)),
  });

  const chooseSigner = () => {
    if (noAccount) {
      const result = guest.validate();
      if (result.hasErrors) return;
      setSigner({ guestName: guest.values.guestName.trim(), guestCompany: guest.values.guestCompany.trim() });
    } else {
      const worker = choices.find((w) => String(w.workerId) === picked);
      if (!worker) return;
      setSigner({ workerId: worker.workerId, name: worker.name });
    }
    setStep(1);
  };

  const submit = async () => {
    if (!signer) return;
    const signature = pad.current?.toDataUrl() ?? null;
    if (!signature) {
      setPadError(t("flow.emptyPad"));
      return;
    }
    const who = "self" in signer ? {} : "workerId" in signer ? { workerId: signer.workerId } : signer;
    try {
      const outcome = await sign.mutateAsync({ kind, id, ...who, signature, recordVersion: status.version, device: deviceLabel() });
      if (outcome.sent) notifySuccess(t("flow.signedTitle"), t("flow.signedMessage", { name: signerName(signer) }));
      nextPerson();
    } catch {
      // The toast says why (onError); the signature stays on the pad to try again.
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={`${t("flow.title")}: ${title}`}
      closeOnClickOutside={false}
      data-testid="sign-on-flow"
    >
      <Stack gap="md">
        {mode === "collect" && signedHere > 0 ? (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} py="xs">
            {t("flow.signedHere", { count: signedHere })}
          </Alert>
        ) : null}
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          <Stepper.Step label={t("flow.stepWho")}>
            <Stack gap="sm" mt="sm">
              <Text size="sm" c="dimmed">
                {t("flow.handRound")}
              </Text>
              {noAccount ? null : choices.length > 0 ? (
                <Select
                  label={t("flow.pickName")}
                  placeholder={t("flow.pickPlaceholder")}
                  data={choices.map((w) => ({ value: String(w.workerId), label: w.name }))}
                  value={picked}
                  onChange={setPicked}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                  data-testid="pick-signer"
                />
              ) : (
                <Text size="sm">{t("flow.nobodyLeft")}</Text>
              )}
              <Checkbox
                label={t("flow.noAccount")}
                checked={noAccount}
                onChange={(event) => setNoAccount(event.currentTarget.checked)}
                data-testid="no-account"
              />
              {noAccount ? (
                <>
                  <TextInput label={t("flow.guestName")} withAsterisk {...guest.getInputProps("guestName")} data-path="guestName" />
                  <TextInput
                    label={t("flow.guestCompany")}
                    withAsterisk
                    {...guest.getInputProps("guestCompany")}
                    data-path="guestCompany"
                  />
                </>
              ) : null}
              <Group justify="space-between">
                <Button variant="default" onClick={onClose}>
                  {t("flow.done")}
                </Button>
                <Button onClick={chooseSigner} disabled={!noAccount && !picked} data-testid="signer-next">
                  {t("flow.next")}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t("flow.stepRead")}>
            <Stack gap="sm" mt="sm">
              <Text fw={600}>{t("flow.readIntro", { name: signer ? signerName(signer) : "" })}</Text>
              <div data-testid="sign-on-summary">{summary}</div>
              <Group justify="space-between">
                {mode === "collect" ? (
                  <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
                    {t("flow.back")}
                  </Button>
                ) : (
                  <Button variant="default" onClick={onClose}>
                    {t("flow.done")}
                  </Button>
                )}
                <Button onClick={() => setStep(2)} data-testid="read-done">
                  {t("flow.readDone")}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t("flow.stepSign")}>
            <Stack gap="sm" mt="sm">
              <Text fw={600}>{signer ? signerName(signer) : ""}</Text>
              {step === 2 ? <SignaturePadField ref={pad} error={padError} onChange={(empty) => !empty && setPadError(null)} /> : null}
              <Group justify="space-between">
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(1)} disabled={sign.isPending}>
                  {t("flow.back")}
                </Button>
                <Button
                  leftSection={<IconSignature size={18} />}
                  onClick={() => void submit()}
                  loading={sign.isPending}
                  data-testid="sign-submit"
                >
                  {t("flow.sign")}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Stack>
    </Modal>
  );
}
