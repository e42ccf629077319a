import { zodResolver } from "@hookform/resolvers/zod";
import { type Material, MESSAGES, materialFieldsSchema, materialUrlSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { messageOf } from "@/api/errors";
import { useUpdateMaterial } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { COURSE_UI } from "@/lib/course-messages";

const fileSchema = materialFieldsSchema.pick({ title: true }).extend({
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong),
});
const linkSchema = fileSchema.extend({ url: materialUrlSchema });
type MaterialValues = z.infer<typeof fileSchema> & { url?: string };

const UPDATE_FAILED = "Failed to update the material. Please try again.";

interface EditMaterialDialogProps {
  area: CourseArea;
  courseId: string;
  material: Material;
  onClose: () => void;
}

/** Title and description of any material, and the address of a link. */
export function EditMaterialDialog({ area, courseId, material, onClose }: EditMaterialDialogProps) {
  const id = useId();
  const isLink = material.type === "link";
  const update = useUpdateMaterial(area, courseId);
  const form = useForm<MaterialValues>({
    resolver: zodResolver(isLink ? linkSchema : fileSchema),
    defaultValues: {
      title: material.title,
      description: material.description,
      ...(isLink ? { url: material.url } : {}),
    },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { materialId: material._id, input },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? MESSAGES.materialUpdated);
          onClose();
        },
        onError: (error) => toast.error(COURSE_UI.errorTitle, { description: messageOf(error, UPDATE_FAILED) }),
      },
    ),
  );

  const field = (name: keyof MaterialValues) => ({
    id: `${id}-${name}`,
    disabled: busy,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? errorId(`${id}-${name}`) : undefined,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Material</DialogTitle>
          <DialogDescription>
            {isLink
              ? "Learners open the link from the Materials tab."
              : "The file stays as it is; to replace it, upload a new material."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input {...field("title")} {...form.register("title")} />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...field("description")} {...form.register("description")} />
          </FormField>
          {isLink && (
            <FormField id={`${id}-url`} label="URL" error={errors.url?.message}>
              <Input type="url" inputMode="url" {...field("url")} {...form.register("url")} />
            </FormField>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
