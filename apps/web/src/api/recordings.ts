import { RECORDING_UPLOAD_FIELDS, type Recording } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { sessionKeys } from "./sessions";

export const recordingKeys = {
  session: (sessionId: string) => ["recordings", "session", sessionId] as const,
};

/** A session's recordings, newest first; asked for only when the viewer opens. */
export function useSessionRecordings(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: recordingKeys.session(sessionId),
    queryFn: async ({ signal }) =>
      (await api.get<{ recordings: Recording[] }>(`/sessions/${sessionId}/recordings`, signal)).data.recordings,
    enabled,
    // Each answer carries freshly signed media links.
    staleTime: 0,
  });
}

export interface RecordingUpload {
  sessionId: string;
  file: File;
  title: string;
  /** Whole seconds, when the browser could read it from the file. */
  duration: number | null;
}

export function useUploadRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, file, title, duration }: RecordingUpload) => {
      const form = new FormData();
      form.append(RECORDING_UPLOAD_FIELDS.title, title);
      if (duration !== null) form.append(RECORDING_UPLOAD_FIELDS.duration, String(duration));
      form.append(RECORDING_UPLOAD_FIELDS.file, file);
      return (await api.post<{ recording: Recording }>(`/recordings/upload/${sessionId}`, form)).message;
    },
    onSuccess: (_message, { sessionId }) => {
      queryClient.invalidateQueries({ queryKey: recordingKeys.session(sessionId) });
      queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/** Counts one viewing and keeps the shown view count in step with the server's. */
export function useCountRecordingView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (recording: Recording) =>
      (await api.post<{ viewCount: number }>(`/sessions/recordings/${recording._id}/view`)).data.viewCount,
    onSuccess: (viewCount, recording) =>
      queryClient.setQueryData<Recording[]>(recordingKeys.session(recording.sessionId), (list) =>
        list?.map((item) => (item._id === recording._id ? { ...item, viewCount } : item)),
      ),
  });
}
