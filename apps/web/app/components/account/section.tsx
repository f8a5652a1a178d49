import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import type { AccountScreen } from "../../routes/account/screens";
import { mutedText } from "../page-parts";
import { Card } from "../ui/card";

/** One part of an account screen: a card with its heading (a landmark named by it). */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      as="section"
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 space-y-5 p-6"
    >
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {intro && <p className={mutedText}>{intro}</p>}
      </div>
      {children}
    </Card>
  );
}

/**
 * What a screen's action reports after it redirected (post, redirect, get: a reload never posts
 * twice): `?notice=` names it, and the screen it belongs to shows it.
 */
export const notices = {
  profile: { screen: "account-profile", message: "profileSaved" },
  email: { screen: "account-profile", message: "emailChanged" },
  password: { screen: "account-profile", message: "passwordChanged" },
  resend: { screen: "account-profile", message: "verificationSent" },
  "address-saved": { screen: "account-addresses", message: "addressSaved" },
  "address-deleted": { screen: "account-addresses", message: "addressDeleted" },
} as const satisfies Record<string, { screen: AccountScreen; message: string }>;
export type Notice = keyof typeof notices;

export const noticeOf = (value: string | null): Notice | undefined =>
  (Object.keys(notices) as Notice[]).find((key) => key === value);

/** The notice in the URL as a success message, when it belongs to this screen. */
export function useNotice(screen: AccountScreen): string | null {
  const t = useTranslations("account");
  const [params] = useSearchParams();
  const notice = noticeOf(params.get("notice"));
  return notice && notices[notice].screen === screen ? t(notices[notice].message) : null;
}
