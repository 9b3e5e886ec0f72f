import type { PhotoRecordRef } from "@sitesafe/domain";
import { useMemo, useSyncExternalStore } from "react";
import { type PhotoUpload, subscribe, uploadsSnapshot } from "./uploadQueue";

/** The tab's photo uploads, or those of one record, kept current. */
export function useUploads(record?: PhotoRecordRef): readonly PhotoUpload[] {
  const all = useSyncExternalStore(subscribe, uploadsSnapshot, uploadsSnapshot);
  const kind = record?.kind;
  const id = record?.id;
  return useMemo(() => (kind ? all.filter((u) => u.record.kind === kind && u.record.id === id) : all), [all, kind, id]);
}
