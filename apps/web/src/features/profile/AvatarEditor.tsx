import { AVATAR_MAX_MB, AVATAR_TYPES, type User } from "@lms/contract";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRemoveAvatar, useUploadAvatar } from "@/api/profile";
import { UploadLimitsHint } from "@/components/UploadLimitsHint";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/** The profile picture with Change and Remove; the server judges the type from the content. */
export function AvatarEditor({ user }: { user: User }) {
  const { t } = useTranslation("profile");
  const input = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadAvatar(setProgress);
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPT.split(",").includes(file.type))
      return void toast.error(t("PROFILE_MESSAGES.avatarNotImage", { ns: "messages" }));
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
      return void toast.error(t("avatar.tooLarge", { max: AVATAR_MAX_MB }));
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(t("PROFILE_MESSAGES.avatarUpdated", { ns: "messages" })),
      onError: (error) => toast.error(t("avatar.updateFailed"), { description: failureText(error, "") }),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <div className="grid justify-items-center gap-3 sm:w-40">
      <UserAvatar user={user} className="size-28 text-3xl" />
      {progress !== null && <Progress value={progress * 100} label={t("avatar.uploading")} className="w-28" />}
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
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          aria-describedby={limitsId}
          onClick={() => input.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
          {user.profile.avatar ? t("avatar.change") : t("avatar.add")}
        </Button>
        {user.profile.avatar && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(t("PROFILE_MESSAGES.avatarRemoved", { ns: "messages" })),
                onError: (error) => toast.error(failureText(error, t("avatar.removeFailed"))),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {t("avatar.remove")}
          </Button>
        )}
      </div>
      <UploadLimitsHint
        id={limitsId}
        types={AVATAR_TYPES}
        capMegabytes={AVATAR_MAX_MB}
        className="text-center text-xs"
      />
    </div>
  );
}
