import { FILE_TOO_LARGE, NO_FILE_SELECTED, SAFETY_PLAN_MAX_BYTES, safetyPlanExtension } from "@sitesafe/domain";
import { i18n, languageHeaders } from "../../lib/i18n";

export interface UploadedPlan {
  id: number;
  projectId: number;
  fileName: string;
  fileSize: number;
  fileType: string;
  uploadedAt: string;
  description: string | null;
}

/** The checks the server makes first, so the user hears at once (the server checks again, content too). */
export function checkPlanFile(file: File | null): { title: string; message: string } | null {
  const t = (key: string, fallback: string) => i18n.t(`projects:plan.${key}`, { defaultValue: fallback });
  if (!file) return { title: t("noFile", NO_FILE_SELECTED), message: t("chooseFile", "") };
  if (file.size > SAFETY_PLAN_MAX_BYTES) return { title: t("tooLarge", ""), message: t("tooLargeMessage", FILE_TOO_LARGE) };
  if (!safetyPlanExtension(file.name)) {
    return { title: t("badType", ""), message: t("badTypeMessage", "") };
  }
  return null;
}

export const safetyPlanDownloadUrl = (projectId: number) => `/api/projects/${projectId}/safety-plan/download`;

/**
 * POSTs the file as multipart form data to the REST route with XMLHttpRequest, because fetch
 * cannot report upload progress: the progress bar shows real bytes sent.
 */
export function uploadSafetyPlan(
  projectId: number,
  file: File,
  description: string,
  onProgress: (percent: number) => void,
): { promise: Promise<UploadedPlan>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedPlan>((resolve, reject) => {
    xhr.open("POST", `/api/projects/${projectId}/safety-plan`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(languageHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as UploadedPlan);
        return;
      }
      const message = body && typeof body === "object" && "message" in body ? String((body as { message: unknown }).message) : "";
      reject(new Error(message || `${xhr.status}: ${xhr.statusText || i18n.t("projects:plan.uploadFailedStatus")}`));
    };
    xhr.onerror = () => reject(new Error(i18n.t("projects:plan.uploadNetwork")));
    xhr.onabort = () => reject(new Error(i18n.t("projects:plan.uploadCancelled")));
    const form = new FormData();
    form.append("projectId", String(projectId));
    form.append("description", description);
    form.append("file", file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
