import { AVATAR_MAX_MB, PROFILE_MESSAGES, type User } from "@lms/contract";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { useRemoveAvatar, useUploadAvatar } from "@/api/profile";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { failureText } from "@/lib/server-errors";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/** The profile picture with Change and Remove; the server judges the type from the content. */
export function AvatarEditor({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadAvatar(setProgress);
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPT.split(",").includes(file.type)) return void toast.error(PROFILE_MESSAGES.avatarNotImage);
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
      return void toast.error(`The picture must be at most ${AVATAR_MAX_MB} MB`);
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.avatarUpdated),
      onError: (error) => toast.error("Failed to update the picture.", { description: failureText(error, "") }),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <div className="grid justify-items-center gap-3 sm:w-40">
      <UserAvatar user={user} className="size-28 text-3xl" />
      {progress !== null && <Progress value={progress * 100} label="Uploading the picture" className="w-28" />}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        onChange={choose}
        aria-hidden="true"
      />
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {user.profile.avatar ? "Change picture" : "Add picture"}
        </Button>
        {user.profile.avatar && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(PROFILE_MESSAGES.avatarRemoved),
                onError: (error) => toast.error(failureText(error, "Failed to remove the picture.")),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}
