import { messageOf } from "@/api/errors";
import { COURSE_UI } from "@/lib/course-messages";
import { toast } from "@/lib/toast";

/**
 * `mutate` callbacks for a manager's save or delete: on success a toast, then `done` (which closes the
 * dialog); on failure an error toast with the server's message, else `failure`, and nothing closes.
 */
export function mutationToasts<T>(done: () => void, success: (result: T) => string, failure: string) {
  return {
    onSuccess: (result: T) => {
      toast.success(success(result));
      done();
    },
    onError: (error: Error) => toast.error(COURSE_UI.errorTitle, { description: messageOf(error, failure) }),
  };
}
