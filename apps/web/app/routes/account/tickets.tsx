import { useTranslations } from "use-intl";
import { apiFor } from "../../api.server";
import { Section } from "../../components/account/section";
import { TicketList } from "../../components/account/tickets";
import type { Route } from "./+types/tickets";
import { allTickets, ticketsByTime } from "./tickets.server";

export async function loader({ context }: Route.LoaderArgs) {
  return ticketsByTime(await allTickets(await apiFor(context)), new Date());
}

/** The visitor's tickets with their QR codes, upcoming and past. */
export default function AccountTickets({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("account");
  return (
    <Section id="tickets" title={t("ticketsHeading")}>
      <TicketList upcoming={loaderData.upcoming} past={loaderData.past} />
    </Section>
  );
}
