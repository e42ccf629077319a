import type { ErrorItem } from "@lms/contract";
import { type ApiSuccess, api } from "./client";
import { ApiError } from "./errors";
import { tokens } from "./tokens";

/** Bytes sent of the total, as the browser reports them. */
export type UploadProgress = (fraction: number) => void;

function sendOnce<T>(path: string, form: FormData, onProgress: UploadProgress, method: string): Promise<ApiSuccess<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.setRequestHeader("Accept", "application/json");
    const token = tokens.access();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, undefined));
    request.onload = () => {
      let body: { success?: boolean; message?: string; code?: string; errors?: ErrorItem[]; data?: T } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status < 400 && body && body.success !== false) resolve(body as ApiSuccess<T>);
      else reject(new ApiError(request.status, body?.message, body?.errors ?? [], undefined, body?.code));
    };
    request.send(form);
  });
}

/**
 * A multipart upload with progress (fetch cannot report it). An expired access token is renewed
 * through the api client's usual 401 handling, then the upload is sent once more.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: UploadProgress,
  method: "POST" | "PUT" = "POST",
): Promise<ApiSuccess<T>> {
  try {
    return await sendOnce<T>(path, form, onProgress, method);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await api.get("/auth/profile");
    onProgress(0);
    return sendOnce<T>(path, form, onProgress, method);
  }
}
