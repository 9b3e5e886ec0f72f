import { shouldSaveProgress, type TrainingStatus } from "@sitesafe/domain";
import { useCallback, useState } from "react";
import { useActor, useCurrentUser } from "../../lib/auth";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { QUEUED_MESSAGE, QUEUED_TITLE, sentOrQueued, useOutboxMutation } from "../outbox/useOutboxMutation";

export type TrainingModule = RouterOutputs["training"]["modules"][number];
export type WorkerTrainingRecord = RouterOutputs["training"]["workerTrainings"][number];

/** The signed-in user's worker profile id (null for an admin or manager without one). */
export function useWorkerId(): number | null {
  return useActor()?.workerId ?? null;
}

/** The worker's training records, keyed by module id. Empty (not loading) without a profile. */
export function useWorkerTrainings(workerId: number | null) {
  const query = trpc.training.workerTrainings.useQuery({ workerId: workerId ?? 0 }, { enabled: workerId !== null });
  const byModule = new Map<number, WorkerTrainingRecord>();
  for (const r of query.data ?? []) byModule.set(r.moduleId, r);
  return { ...query, records: query.data ?? [], byModule, isPending: workerId !== null && query.isPending };
}

export function statusOf(record: WorkerTrainingRecord | undefined): TrainingStatus {
  return record?.status ?? "not_started";
}

/**
 * Saves progress for the signed-in worker. The server upserts and derives the status, so POST
 * (no record yet) and PUT (record exists) behave alike; we still call the one the product names.
 */
export function useSaveTrainingProgress() {
  const workerId = useWorkerId();
  const utils = trpc.useUtils();
  const create = useOutboxMutation("training.createProgress");
  const update = trpc.training.updateProgress.useMutation();

  const save = useCallback(
    async (
      moduleId: number,
      progress: number,
      options: { hasRecord: boolean; notify?: { title: string; message?: string } | false; failureTitle?: string },
    ): Promise<WorkerTrainingRecord | null> => {
      if (workerId === null) return null;
      try {
        const input = { workerId, moduleId, progress };
        // Offline, or with no answer, the progress waits in the Outbox (features/outbox).
        const outcome = await (options.hasRecord ? sentOrQueued(update.mutateAsync(input), () => create.send(input)) : create.send(input));
        if (!outcome.sent) {
          if (options.notify !== false) notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
          return null;
        }
        const record = outcome.data;
        utils.training.workerTrainings.setData({ workerId }, (old) => {
          const others = (old ?? []).filter((r) => r.moduleId !== moduleId);
          return [...others, record].sort((a, b) => a.moduleId - b.moduleId);
        });
        void utils.training.workerSummaries.invalidate();
        if (options.notify !== false) {
          const n = options.notify ?? {
            title: i18n.t("training:toast.progressUpdated"),
            message: i18n.t("training:toast.progressUpdatedMessage"),
          };
          notifySuccess(n.title, n.message);
        }
        return record;
      } catch (error) {
        notifyError(options.failureTitle ?? i18n.t("training:toast.updateFailed"), errorMessage(error));
        return null;
      }
    },
    [workerId, create, update, utils],
  );
  return { save, workerId, isSaving: create.isPending || update.isPending };
}

export type QuizAttemptResult = RouterOutputs["training"]["submitAttempt"];

/**
 * Sends the chosen options to be graded on the server, which stores the attempt and (on a module
 * page) the progress. The answer key arrives only with the graded result.
 */
export function useSubmitQuizAttempt() {
  const workerId = useWorkerId();
  const utils = trpc.useUtils();
  const mutation = trpc.training.submitAttempt.useMutation();
  const submit = useCallback(
    async (moduleId: number, answers: (number | null)[], sectionsViewed = 0): Promise<QuizAttemptResult | null> => {
      if (workerId === null) return null;
      try {
        const result = await mutation.mutateAsync({ workerId, moduleId, answers, sectionsViewed });
        const record = result.record;
        if (record) {
          utils.training.workerTrainings.setData({ workerId }, (old) =>
            [...(old ?? []).filter((r) => r.moduleId !== moduleId), record].sort((a, b) => a.moduleId - b.moduleId),
          );
          void utils.training.workerSummaries.invalidate();
        }
        return result;
      } catch (error) {
        notifyError(i18n.t("training:toast.saveFailed"), errorMessage(error));
        return null;
      }
    },
    [workerId, mutation, utils],
  );
  return { submit, isSubmitting: mutation.isPending };
}

/** Saves only when progress rose by 10 or more over the stored value, or reached 100. */
export function useAutoSaveProgress() {
  const { save, workerId } = useSaveTrainingProgress();
  return useCallback(
    (moduleId: number, next: number, record: WorkerTrainingRecord | undefined) => {
      if (workerId === null) return;
      if (record?.status === "completed") return;
      if (!shouldSaveProgress(next, record?.progress)) return;
      // Saved quietly while reading: a toast for every section opened would be noise.
      void save(moduleId, next, { hasRecord: record !== undefined, notify: false, failureTitle: i18n.t("training:toast.saveFailed") });
    },
    [save, workerId],
  );
}

/** Where a worker left off: viewed sections and quiz completion, kept in this browser. */
export interface LocalModuleState {
  viewed: number[];
  quizCompleted: boolean;
  score: number | null;
}

const storageKey = (userId: number | undefined, moduleId: number) => `sitesafe.training.${userId ?? "anon"}.${moduleId}`;

export function readLocalState(userId: number | undefined, moduleId: number): LocalModuleState {
  try {
    const raw = window.localStorage.getItem(storageKey(userId, moduleId));
    if (!raw) return { viewed: [], quizCompleted: false, score: null };
    const parsed = JSON.parse(raw) as Partial<LocalModuleState>;
    return {
      viewed: Array.isArray(parsed.viewed) ? parsed.viewed.filter((n): n is number => typeof n === "number") : [],
      quizCompleted: parsed.quizCompleted === true,
      score: typeof parsed.score === "number" ? parsed.score : null,
    };
  } catch {
    return { viewed: [], quizCompleted: false, score: null };
  }
}

export function writeLocalState(userId: number | undefined, moduleId: number, state: LocalModuleState) {
  try {
    window.localStorage.setItem(storageKey(userId, moduleId), JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the page still works, it just forgets on reload.
  }
}

export function useUserId(): number | undefined {
  return useCurrentUser()?.id;
}

/**
 * A worker taking one module (the module page and the static training pages): their record and its
 * status, the saving and grading calls, the quiz's answers and the server's grading, and where they
 * left off in this browser.
 */
export function useModuleSession(module: TrainingModule) {
  const userId = useUserId();
  const workerId = useWorkerId();
  const trainings = useWorkerTrainings(workerId);
  const record = trainings.byModule.get(module.id);
  const { save, isSaving } = useSaveTrainingProgress();
  const { submit: submitAttempt, isSubmitting } = useSubmitQuizAttempt();
  const [local, setLocal] = useState(() => readLocalState(userId, module.id));
  const [answers, setAnswers] = useState<(number | null)[]>(() => module.content.quiz.map(() => null));
  // The server's grading of the last attempt: the answer key arrives only here.
  const [graded, setGraded] = useState<QuizAttemptResult | null>(null);

  const updateLocal = (next: LocalModuleState) => {
    setLocal(next);
    writeLocalState(userId, module.id, next);
  };
  /** Whether there is a worker profile to record against; without one, says so (`message`: what failed). */
  const requireWorker = (message: string) => {
    if (workerId !== null) return true;
    notifyError(i18n.t("training:module.error"), message);
    return false;
  };
  return {
    workerId,
    trainings,
    record,
    status: statusOf(record),
    save,
    isSaving,
    submitAttempt,
    isSubmitting,
    local,
    updateLocal,
    answers,
    setAnswers,
    graded,
    setGraded,
    requireWorker,
  };
}
