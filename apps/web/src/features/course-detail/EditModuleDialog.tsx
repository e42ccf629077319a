import { zodResolver } from "@hookform/resolvers/zod";
import { type CourseModule, MESSAGES, moduleCreateSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { useUpdateModule } from "@/api/content";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
import { toWholeNumber } from "@/components/course-form/course-form";
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

const moduleSchema = z.object({
  title: moduleCreateSchema.shape.title,
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong),
  order: moduleCreateSchema.shape.order.unwrap(),
});
type ModuleValues = z.infer<typeof moduleSchema>;

interface EditModuleDialogProps {
  area: CourseArea;
  courseId: string;
  module: CourseModule;
  onClose: () => void;
}

/** Title, description and order; modules are listed by order, so changing it moves the module. */
export function EditModuleDialog({ area, courseId, module, onClose }: EditModuleDialogProps) {
  const id = useId();
  const update = useUpdateModule(area, courseId);
  const form = useForm<ModuleValues>({
    resolver: zodResolver(moduleSchema),
    defaultValues: { title: module.title, description: module.description, order: module.order },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { moduleId: module._id, input },
      {
        onSuccess: () => {
          toast.success(MESSAGES.moduleUpdated);
          onClose();
        },
        onError: (error) =>
          toast.error(COURSE_UI.errorTitle, { description: messageOf(error, "Failed to update the module.") }),
      },
    ),
  );

  const field = (name: keyof ModuleValues) => ({
    id: `${id}-${name}`,
    disabled: busy,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? errorId(`${id}-${name}`) : undefined,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Module</DialogTitle>
          <DialogDescription>Modules are listed by their order, lowest first.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input {...field("title")} {...form.register("title")} />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...field("description")} {...form.register("description")} />
          </FormField>
          <FormField id={`${id}-order`} label="Order" error={errors.order?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...field("order")}
              {...form.register("order", { setValueAs: toWholeNumber })}
            />
          </FormField>
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
