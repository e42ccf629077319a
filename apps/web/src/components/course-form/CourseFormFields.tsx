import { DIFFICULTIES, LANGUAGES, LIMITS } from "@lms/contract";
import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorId, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { type CourseFormValues, LANGUAGE_LABELS, toWholeNumber } from "./course-form";

interface Option {
  _id: string;
  name: string;
}

interface CourseFormFieldsProps {
  form: UseFormReturn<CourseFormValues>;
  idPrefix: string;
  categories: Option[] | undefined;
  /** Admins choose the instructor; undefined hides the field. */
  instructors?: { options: Option[] | undefined; failed: boolean };
  disabled?: boolean;
  /** Replaces the category select (the settings tab shows the category with its own button). */
  categorySlot?: ReactNode;
}

const hintId = (id: string) => `${id}-hint`;

export function CourseFormFields({
  form,
  idPrefix,
  categories,
  instructors,
  disabled,
  categorySlot,
}: CourseFormFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const id = (name: keyof CourseFormValues) => `${idPrefix}-${name}`;
  const described = (name: keyof CourseFormValues, hint?: boolean) => ({
    id: id(name),
    disabled,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? errorId(id(name)) : hint ? hintId(id(name)) : undefined,
  });
  const wholeNumber = { setValueAs: toWholeNumber };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField id={id("title")} label={t("courseForm.title")} error={errors.title?.message}>
          <Input {...described("title")} {...form.register("title")} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField
          id={id("shortDescription")}
          label={t("courseForm.shortDescription")}
          error={errors.shortDescription?.message}
        >
          <Input {...described("shortDescription", true)} {...form.register("shortDescription")} />
          {!errors.shortDescription && (
            <p id={hintId(id("shortDescription"))} className="text-xs text-muted-foreground">
              {t("courseForm.shortDescriptionHint", {
                min: LIMITS.shortDescriptionMin,
                max: LIMITS.shortDescriptionMax,
              })}
            </p>
          )}
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField id={id("description")} label={t("courseForm.description")} error={errors.description?.message}>
          <Textarea rows={4} {...described("description")} {...form.register("description")} />
        </FormField>
      </div>
      {categorySlot ?? (
        <FormField id={id("categoryId")} label={t("courseForm.category")} error={errors.categoryId?.message}>
          <NativeSelect {...described("categoryId")} {...form.register("categoryId")}>
            <option value="">{categories ? t("courseForm.selectCategory") : t("courseForm.loadingCategories")}</option>
            {categories?.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {instructors && (
        <FormField
          id={id("instructorId")}
          label={t("courseForm.instructor")}
          error={errors.instructorId?.message ?? (instructors.failed ? t("courseForm.instructorsFailed") : undefined)}
        >
          <NativeSelect {...described("instructorId")} {...form.register("instructorId")}>
            <option value="">
              {instructors.options ? t("courseForm.selectInstructor") : t("courseForm.loadingInstructors")}
            </option>
            {instructors.options?.map((instructor) => (
              <option key={instructor._id} value={instructor._id}>
                {instructor.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField id={id("courseCode")} label={t("courseForm.courseCode")} error={errors.courseCode?.message}>
        <Input
          placeholder={t("courseForm.courseCodePlaceholder")}
          autoCapitalize="characters"
          {...described("courseCode")}
          {...form.register("courseCode")}
        />
      </FormField>
      <FormField id={id("priceCredits")} label={t("courseForm.price")} error={errors.priceCredits?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...described("priceCredits")}
          {...form.register("priceCredits", wholeNumber)}
        />
      </FormField>
      <FormField id={id("duration")} label={t("courseForm.duration")} error={errors.duration?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...described("duration")}
          {...form.register("duration", wholeNumber)}
        />
      </FormField>
      <FormField id={id("difficulty")} label={t("courseForm.difficulty")} error={errors.difficulty?.message}>
        <NativeSelect {...described("difficulty")} {...form.register("difficulty")}>
          {DIFFICULTIES.map((level) => (
            <option key={level} value={level} className="capitalize">
              {t(`courseForm.difficulties.${level}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id("language")} label={t("courseForm.language")} error={errors.language?.message}>
        <NativeSelect {...described("language")} {...form.register("language")}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_LABELS[code]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id("thumbnail")} label={t("courseForm.thumbnail")} error={errors.thumbnail?.message}>
        <Input {...described("thumbnail")} {...form.register("thumbnail")} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField id={id("tags")} label={t("courseForm.tags")} error={errors.tags?.message}>
          <Input
            placeholder={t("courseForm.tagsPlaceholder")}
            {...described("tags", true)}
            {...form.register("tags")}
          />
          <p id={hintId(id("tags"))} className="text-xs text-muted-foreground">
            {t("courseForm.tagsHint")}
          </p>
        </FormField>
      </div>
      <FormField id={id("requirements")} label={t("courseForm.requirements")} error={errors.requirements?.message}>
        <Textarea rows={3} {...described("requirements", true)} {...form.register("requirements")} />
        <p id={hintId(id("requirements"))} className="text-xs text-muted-foreground">
          {t("courseForm.onePerLine")}
        </p>
      </FormField>
      <FormField
        id={id("learningOutcomes")}
        label={t("courseForm.learningOutcomes")}
        error={errors.learningOutcomes?.message}
      >
        <Textarea rows={3} {...described("learningOutcomes", true)} {...form.register("learningOutcomes")} />
        <p id={hintId(id("learningOutcomes"))} className="text-xs text-muted-foreground">
          {t("courseForm.onePerLine")}
        </p>
      </FormField>
    </div>
  );
}
