import { ApiError, type testPaymentActions } from "@eventwerk/contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useFormatter, useTranslations } from "use-intl";
import { apiFor } from "../api.server";
import { TestModeNotice } from "../components/checkout/parts";
import { Icon } from "../components/icon";
import { PageHeader } from "../components/page-parts";
import { cardClass } from "../components/ui/card";
import { Panel } from "../components/ui/panel";
import { useEuro } from "../lib/intl-format";
import { privatePageCache } from "../lib/page-cache";
import { pageMeta } from "../seo";
import type { Route } from "./+types/test-payment";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers = () => ({ "Cache-Control": privatePageCache });

const notFound = (pathname: string) => data(`Payment not found: ${pathname}`, { status: 404 });
/** The page's buttons, in the order shown (the provider's actions; a type-only import keeps the
 * schemas out of the browser bundle). */
const choices = [
  "success",
  "failure",
  "cancel",
  "pending",
] as const satisfies readonly (typeof testPaymentActions)[number][];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The test provider's return address as a path of this site (wherever the API thinks it runs). */
const returnPath = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

async function findPayment(api: Awaited<ReturnType<typeof apiFor>>, id: string, path: string) {
  if (!uuid.test(id)) throw notFound(path);
  try {
    return (await api.checkout.testPayment(id)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw notFound(path);
    }
    throw error;
  }
}

/** `/testzahlung/:id`: the `test` provider's hosted page, as a real provider's would be. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const payment = await findPayment(await apiFor(context), params.id, url.pathname);
  return { payment, back: returnPath(payment.return_url) };
}

/** A button: the provider settles the payment (its webhook follows) and sends the buyer back. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const api = await apiFor(context);
  const payment = await findPayment(api, params.id, url.pathname);
  const wanted = (await request.formData()).get("action");
  const choice = choices.find((name) => name === wanted);
  if (!choice) return data({ refused: true }, { status: 400 });
  try {
    await api.checkout.actOnTestPayment(payment.id, choice);
  } catch (error) {
    // Settled already (a second click, another tab): the return page tells how it ended.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  return redirect(returnPath(payment.return_url));
}

export default function TestPayment({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("checkout.payment");
  const format = useFormatter();
  const euro = useEuro();
  const navigation = useNavigation();
  const { payment, back } = loaderData;
  const open = payment.status === "open" || payment.status === "pending";
  const buttons = {
    success: { label: t("success"), icon: "circle-check", className: "button-primary" },
    failure: { label: t("failure"), icon: "circle-x", className: "button-secondary" },
    cancel: { label: t("cancel"), icon: "x", className: "button-secondary" },
    pending: { label: t("pending"), icon: "clock", className: "button-secondary" },
  } as const;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <PageHeader title={t("heading")} intro={t("intro")} />
      <TestModeNotice />
      <dl className={`${cardClass} grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 p-5`}>
        <dt className="font-medium">{t("order")}</dt>
        <dd>{t("orderNumber", { id: payment.order_id })}</dd>
        <dt className="font-medium">{t("amount")}</dt>
        <dd className="text-lg font-bold">{euro(payment.amount_cents)}</dd>
        <dt className="font-medium">{t("payBy")}</dt>
        <dd>
          {format.dateTime(new Date(payment.expires_at), {
            dateStyle: "medium",
            timeStyle: "short",
          })}
        </dd>
      </dl>
      {open ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          {choices.map((choice) => (
            <button
              key={choice}
              type="submit"
              name="action"
              value={choice}
              className={buttons[choice].className}
              disabled={navigation.state === "submitting"}
            >
              <Icon name={buttons[choice].icon} className="size-5" />
              {buttons[choice].label}
            </button>
          ))}
        </Form>
      ) : (
        <Panel
          tone="neutral"
          icon="receipt-text"
          title={t(payment.status === "expired" ? "expiredTitle" : "settledTitle")}
        >
          <p>{t("settledText", { status: t(`status.${payment.status}`) })}</p>
          <Link to={back} className="button-primary">
            {t("back")}
          </Link>
        </Panel>
      )}
    </main>
  );
}
