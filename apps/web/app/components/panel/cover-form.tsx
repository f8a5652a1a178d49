import { coverMediaTypes, type Image } from "@eventwerk/contract";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { FileField, FormMessage } from "../form-field";
import { LazyImage } from "../lazy-image";
import type { PanelFormResult } from "./ticket-types";

/** The event's cover as the site shows it, and a form to upload another picture. */
export function CoverForm({
  cover,
  result,
}: {
  cover: Image;
  result: PanelFormResult | undefined;
}) {
  const t = useTranslations("panel");
  const failure = result?.intent === "cover" && !result.ok ? result : null;
  return (
    <section aria-labelledby="cover-heading" className="space-y-4">
      <h2 id="cover-heading" className="text-lg font-semibold">
        {t("coverHeading")}
      </h2>
      <LazyImage
        relativeToApi
        src={cover.src}
        srcSet={cover.srcset}
        sizes="(min-width: 640px) 24rem, 100vw"
        width={cover.width}
        height={cover.height}
        alt={t("coverAlt")}
        className="aspect-video w-full max-w-sm rounded-lg object-cover"
      />
      <Form method="post" preventScrollReset encType="multipart/form-data" className="space-y-4">
        {failure && !failure.fields?.cover && (
          <FormMessage id="cover-form-error" tone="error">
            {failure.message}
          </FormMessage>
        )}
        <input type="hidden" name="intent" value="cover" />
        <FileField
          id="cover"
          name="cover"
          label={t("coverLabel")}
          hint={t("coverHint")}
          accept={coverMediaTypes.join(",")}
          error={failure?.fields?.cover}
        />
        <button type="submit" className="button-secondary">
          {t("coverUpload")}
        </button>
      </Form>
    </section>
  );
}
