import type { Translated } from "./geo";

export type SeedPage = {
  key: string;
  menu: "header" | "footer";
  order: number;
  title: Translated;
  slug: Translated;
  body: Translated /* HTML */;
};

export const pages: SeedPage[] = [
  {
    key: "about-us",
    menu: "header",
    order: 1,
    title: { de: "Über uns", en: "About us" },
    slug: { de: "ueber-uns", en: "about-us" },
    body: {
      de: `<h2>Eventwerk – der Marktplatz für Veranstaltungen und Tickets</h2>
<p>Eventwerk bringt Menschen und Veranstaltungen zusammen. Auf unserem Marktplatz entdecken Besucherinnen und Besucher Konzerte, Theateraufführungen, Clubnächte, Festivals, Sportveranstaltungen, Ausstellungen, Workshops und Konferenzen in Deutschland, Österreich und der Schweiz – und kaufen ihre Tickets mit wenigen Klicks. Veranstalter erhalten ein schlankes Werkzeug, mit dem sie Events veröffentlichen, Tickets verkaufen und am Einlass zuverlässig kontrollieren können.</p>
<h2>Unsere Idee</h2>
<p>Wir haben Eventwerk 2024 in Berlin gegründet, weil wir selbst Veranstaltungen organisiert haben und mit den vorhandenen Lösungen oft unzufrieden waren: zu teuer, zu kompliziert oder nur für große Häuser gedacht. Unser Ziel ist ein Ticketing, das für den kleinen Kulturverein genauso gut funktioniert wie für den etablierten Konzertveranstalter – fair, transparent und ohne versteckte Kosten.</p>
<h2>Was uns wichtig ist</h2>
<ul>
<li><strong>Einfachheit:</strong> Ein Ticket zu kaufen sollte nicht länger dauern, als den Eingang zu finden. Nach dem Kauf erhalten Sie Ihr Ticket sofort als QR-Code – auf dem Smartphone oder zum Ausdrucken.</li>
<li><strong>Vertrauen:</strong> Jedes Veranstalterkonto wird von unserem Team geprüft, bevor Events veröffentlicht werden können. So wissen Sie, mit wem Sie es zu tun haben.</li>
<li><strong>Datenschutz:</strong> Wir erheben nur die Daten, die für Kauf und Einlass wirklich nötig sind, verzichten auf Tracking-Cookies und hosten unsere Systeme in der Europäischen Union.</li>
<li><strong>Zweisprachigkeit:</strong> Eventwerk ist vollständig auf Deutsch und Englisch verfügbar – für ein internationales Publikum und internationale Gäste.</li>
</ul>
<h2>Für Besucher</h2>
<p>Stöbern Sie nach Stadt, Kategorie oder Datum, speichern Sie Ihre Bestellungen in Ihrem Kundenkonto und zeigen Sie am Einlass einfach Ihren QR-Code vor. Wird eine Veranstaltung abgesagt, informieren wir Sie per E-Mail und unterstützen Sie bei der Erstattung.</p>
<h2>Für Veranstalter</h2>
<p>Registrieren Sie Ihr Unternehmen oder Ihren Verein, legen Sie Veranstaltungen mit verschiedenen Ticketkategorien an und behalten Sie Verkäufe in Echtzeit im Blick. Am Veranstaltungstag scannen Sie die Tickets mit einem Smartphone oder Tablet direkt im Browser – ohne zusätzliche Hardware.</p>
<h2>Das Team</h2>
<p>Hinter Eventwerk steht ein kleines Team aus Entwicklerinnen, Designern und Menschen mit langjähriger Erfahrung in Veranstaltungstechnik, Kulturmanagement und Kundenservice. Wir sitzen in Berlin-Mitte und freuen uns über Ihr Feedback.</p>
<h3>Kontakt</h3>
<p><strong>Eventwerk GmbH</strong>, Torstraße 109, 10119 Berlin</p>
<p>E-Mail: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, Telefon: <a href="tel:+49301234567">+49 30 1234567</a></p>`,
      en: `<h2>Eventwerk – the marketplace for events and tickets</h2>
<p>Eventwerk brings people and events together. On our marketplace, visitors discover concerts, theatre performances, club nights, festivals, sporting events, exhibitions, workshops and conferences across Germany, Austria and Switzerland – and buy their tickets in just a few clicks. Organisers get a lean tool to publish events, sell tickets and reliably check guests in at the door.</p>
<h2>Our idea</h2>
<p>We founded Eventwerk in Berlin in 2024 because we had organised events ourselves and were often unhappy with the existing solutions: too expensive, too complicated or only designed for large venues. Our goal is ticketing that works just as well for a small cultural association as for an established concert promoter – fair, transparent and without hidden costs.</p>
<h2>What matters to us</h2>
<ul>
<li><strong>Simplicity:</strong> Buying a ticket should not take longer than finding the entrance. Right after your purchase you receive your ticket as a QR code – on your smartphone or as a printout.</li>
<li><strong>Trust:</strong> Our team reviews every organiser account before any events can be published. That way you know who you are dealing with.</li>
<li><strong>Privacy:</strong> We only collect the data that is really needed for purchase and entry, we do not use tracking cookies, and our systems are hosted in the European Union.</li>
<li><strong>Two languages:</strong> Eventwerk is fully available in German and English – for an international audience and international guests.</li>
</ul>
<h2>For visitors</h2>
<p>Browse by city, category or date, keep all your orders in your customer account and simply show your QR code at the entrance. If an event is cancelled, we notify you by email and help you with the refund.</p>
<h2>For organisers</h2>
<p>Register your company or association, create events with different ticket categories and follow your sales in real time. On the day of the event, scan tickets with a smartphone or tablet right in the browser – no additional hardware required.</p>
<h2>The team</h2>
<p>Eventwerk is run by a small team of developers, designers and people with many years of experience in event technology, arts management and customer service. We are based in Berlin-Mitte and look forward to your feedback.</p>
<h3>Contact</h3>
<p><strong>Eventwerk GmbH</strong>, Torstraße 109, 10119 Berlin, Germany</p>
<p>Email: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, phone: <a href="tel:+49301234567">+49 30 1234567</a></p>`,
    },
  },
  {
    key: "ticketing-service",
    menu: "header",
    order: 2,
    title: { de: "Unsere Dienste", en: "Ticketing service" },
    slug: { de: "unsere-dienste", en: "ticketing" },
    body: {
      de: `<h2>Tickets kaufen mit Eventwerk</h2>
<p>Eventwerk ist Ihr Marktplatz für Veranstaltungen aller Art. Ob Jazzkonzert im Kiez, Poetry Slam, Fußballturnier, Fachkonferenz oder Familienfest – bei uns finden Sie Veranstaltungen von geprüften Veranstaltern und erhalten Ihre Tickets sofort digital.</p>
<h2>So funktioniert es</h2>
<ul>
<li><strong>Entdecken:</strong> Filtern Sie nach Land, Stadt, Bezirk, Kategorie und Datum oder nutzen Sie die Suche. Jede Veranstaltungsseite zeigt Ort, Beginn, Einlass, verfügbare Ticketkategorien und Preise auf einen Blick.</li>
<li><strong>Auswählen:</strong> Legen Sie die gewünschte Anzahl Tickets je Kategorie fest, zum Beispiel Stehplatz, Sitzplatz oder ermäßigt. Die Verfügbarkeit wird in Echtzeit geprüft, damit nichts doppelt verkauft wird.</li>
<li><strong>Bestellen:</strong> Melden Sie sich an oder erstellen Sie in einer Minute ein Kundenkonto. Vor dem Absenden sehen Sie den Gesamtpreis in Euro inklusive Mehrwertsteuer.</li>
<li><strong>Einlass:</strong> Ihre Tickets erscheinen direkt nach der Bestellung als QR-Code in Ihrem Konto und in der Bestätigungs-E-Mail. Am Eingang wird der Code gescannt – fertig.</li>
</ul>
<h2>Ihr QR-Code-Ticket</h2>
<p>Jedes Ticket besitzt einen eigenen, fälschungssicheren QR-Code. Beim ersten Scan am Einlass wird das Ticket entwertet; ein zweiter Scan desselben Codes wird abgelehnt. Behandeln Sie Ihren QR-Code deshalb wie Bargeld und veröffentlichen Sie ihn nicht, etwa in sozialen Netzwerken. Sie können das Ticket auf dem Smartphone vorzeigen oder ausdrucken – die Helligkeit Ihres Displays sollte dabei möglichst hoch eingestellt sein.</p>
<h2>Ihr Kundenkonto</h2>
<p>In Ihrem Kundenkonto finden Sie alle Bestellungen und Tickets, Ihre gespeicherten Adressen und Ihre Spracheinstellung. Dort können Sie Ihre Daten jederzeit als JSON-Datei exportieren oder Ihr Konto nach Bestätigung mit Ihrem Passwort löschen. Haben Sie Ihre Bestätigungs-E-Mail nicht erhalten, finden Sie Ihre Tickets trotzdem jederzeit in Ihrem Konto – ein Blick in den Spam-Ordner lohnt sich aber ebenfalls.</p>
<h2>Wenn etwas nicht wie geplant läuft</h2>
<p>Wird eine Veranstaltung abgesagt oder verschoben, informieren wir alle Ticketinhaber per E-Mail. Bei einer Absage erhalten Sie den Ticketpreis über den Veranstalter zurück. Einzelheiten finden Sie in unseren FAQ und in den AGB.</p>
<h3>Fragen?</h3>
<p>Unser Support-Team hilft Ihnen montags bis freitags von 9 bis 18 Uhr unter <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> oder telefonisch unter <a href="tel:+49301234567">+49 30 1234567</a>.</p>`,
      en: `<h2>Buying tickets with Eventwerk</h2>
<p>Eventwerk is your marketplace for all kinds of events. Whether it is a jazz concert in your neighbourhood, a poetry slam, a football tournament, a professional conference or a family festival – you will find events from verified organisers and receive your tickets digitally and instantly.</p>
<h2>How it works</h2>
<ul>
<li><strong>Discover:</strong> Filter by country, city, district, category and date, or use the search. Every event page shows the venue, start time, doors, available ticket categories and prices at a glance.</li>
<li><strong>Choose:</strong> Select the number of tickets per category, for example standing, seated or concession. Availability is checked in real time so that nothing is sold twice.</li>
<li><strong>Order:</strong> Sign in or create a customer account in a minute. Before you submit your order, you see the total price in euros including VAT.</li>
<li><strong>Entry:</strong> Your tickets appear as QR codes in your account and in the confirmation email right after your order. At the entrance, the code is scanned – done.</li>
</ul>
<h2>Your QR code ticket</h2>
<p>Every ticket has its own unique, forgery-proof QR code. The ticket is invalidated with the first scan at the entrance; a second scan of the same code is rejected. Please treat your QR code like cash and do not publish it, for example on social media. You can show the ticket on your smartphone or print it out – ideally with your screen brightness turned up.</p>
<h2>Your customer account</h2>
<p>Your customer account contains all your orders and tickets, your saved addresses and your language preference. There you can export your data as a JSON file at any time or delete your account after confirming with your password. If you have not received your confirmation email, you can still find your tickets in your account at any time – but it is also worth checking your spam folder.</p>
<h2>When things do not go as planned</h2>
<p>If an event is cancelled or postponed, we inform all ticket holders by email. If an event is cancelled, the ticket price is refunded to you via the organiser. You will find more details in our FAQ and in our terms and conditions.</p>
<h3>Questions?</h3>
<p>Our support team is happy to help Monday to Friday from 9 am to 6 pm at <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> or by phone at <a href="tel:+49301234567">+49 30 1234567</a>.</p>`,
    },
  },
  {
    key: "event-solutions",
    menu: "header",
    order: 3,
    title: { de: "Eventlösungen", en: "Event solutions" },
    slug: { de: "eventlosungen", en: "event-solutions" },
    body: {
      de: `<h2>Eventlösungen für Veranstalter</h2>
<p>Sie organisieren Konzerte, Theateraufführungen, Partys, Sportveranstaltungen, Seminare oder Messen? Mit Eventwerk verkaufen Sie Ihre Tickets dort, wo Ihr Publikum nach Veranstaltungen sucht – und behalten dabei die volle Kontrolle über Ihre Events.</p>
<h2>In drei Schritten zum ersten Ticketverkauf</h2>
<ul>
<li><strong>1. Registrieren:</strong> Legen Sie ein Veranstalterkonto an und hinterlegen Sie Firmen- bzw. Vereinsnamen, Kategorie, Anschrift und eine Ansprechperson.</li>
<li><strong>2. Freischaltung abwarten:</strong> Neue Konten starten mit dem Status „ausstehend“. Unser Team prüft Ihre Angaben in der Regel innerhalb von ein bis zwei Werktagen und schaltet Ihr Konto anschließend frei. Sie werden per E-Mail benachrichtigt.</li>
<li><strong>3. Veröffentlichen:</strong> Erstellen Sie Ihre Veranstaltung mit Titel, Beschreibung, Bild, Ort, Datum und Ticketkategorien – auf Wunsch zweisprachig auf Deutsch und Englisch. Mit einem Klick ist sie auf dem Marktplatz sichtbar.</li>
</ul>
<h2>Ihre Vorteile</h2>
<ul>
<li><strong>Flexible Ticketkategorien:</strong> Legen Sie beliebig viele Kategorien mit eigenem Preis und Kontingent an, etwa Frühbucher, Normalpreis, ermäßigt oder VIP.</li>
<li><strong>Verkäufe in Echtzeit:</strong> Das Veranstalter-Dashboard zeigt verkaufte Tickets, Umsätze und Restkontingente für jede Veranstaltung.</li>
<li><strong>Einlasskontrolle ohne Zusatzhardware:</strong> Ihr Einlasspersonal scannt die QR-Codes mit der Kamera eines Smartphones oder Tablets direkt im Browser. Jedes Ticket kann nur einmal eingelöst werden; doppelte oder ungültige Codes werden sofort erkannt und angezeigt.</li>
<li><strong>Nachvollziehbarer Check-in:</strong> Jeder Scan wird mit Zeitpunkt und Ergebnis protokolliert. So wissen Sie jederzeit, wie viele Gäste bereits eingelassen wurden.</li>
<li><strong>Mehrere Städte, ein Konto:</strong> Planen Sie Tourneen und Veranstaltungsreihen in Deutschland, Österreich und der Schweiz aus einem einzigen Konto.</li>
<li><strong>Absagen und Änderungen:</strong> Muss eine Veranstaltung abgesagt oder verschoben werden, informiert Eventwerk alle Ticketinhaber automatisch per E-Mail.</li>
</ul>
<h2>Faire Konditionen</h2>
<p>Die Registrierung ist kostenlos. Für verkaufte Tickets fällt eine transparente Servicegebühr an, die Sie vor der Veröffentlichung Ihrer ersten Veranstaltung kennen. Keine Grundgebühr, keine Mindestlaufzeit, keine Einrichtungskosten. Für kostenlose Veranstaltungen entstehen keine Gebühren.</p>
<h2>Für Verbände, Kommunen und Agenturen</h2>
<p>Sie betreuen viele Veranstaltungen oder mehrere Spielstätten? Sprechen Sie uns an – gemeinsam finden wir eine passende Lösung, zum Beispiel mit individuellen Konditionen oder einer persönlichen Einführung für Ihr Team.</p>
<h3>Kontakt für Veranstalter</h3>
<p>Schreiben Sie uns an <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> oder rufen Sie uns an unter <a href="tel:+49301234567">+49 30 1234567</a> (Montag bis Freitag, 9 bis 18 Uhr).</p>`,
      en: `<h2>Event solutions for organisers</h2>
<p>Do you organise concerts, theatre performances, parties, sporting events, seminars or trade fairs? With Eventwerk you sell your tickets where your audience is looking for events – while keeping full control over your events.</p>
<h2>Your first ticket sale in three steps</h2>
<ul>
<li><strong>1. Register:</strong> Create an organiser account and enter your company or association name, category, address and a contact person.</li>
<li><strong>2. Wait for approval:</strong> New accounts start with the status “pending”. Our team usually reviews your details within one to two working days and then approves your account. You will be notified by email.</li>
<li><strong>3. Publish:</strong> Create your event with title, description, image, venue, date and ticket categories – in German and English if you like. One click and it is visible on the marketplace.</li>
</ul>
<h2>Your benefits</h2>
<ul>
<li><strong>Flexible ticket categories:</strong> Create as many categories as you need, each with its own price and quota, such as early bird, regular, concession or VIP.</li>
<li><strong>Real-time sales:</strong> The organiser dashboard shows tickets sold, revenue and remaining quotas for every event.</li>
<li><strong>Check-in without extra hardware:</strong> Your door staff scan QR codes with the camera of a smartphone or tablet right in the browser. Each ticket can only be redeemed once; duplicate or invalid codes are detected and flagged immediately.</li>
<li><strong>Traceable check-in:</strong> Every scan is logged with its time and result, so you always know how many guests have already been admitted.</li>
<li><strong>Many cities, one account:</strong> Plan tours and event series across Germany, Austria and Switzerland from a single account.</li>
<li><strong>Cancellations and changes:</strong> If an event has to be cancelled or postponed, Eventwerk automatically notifies all ticket holders by email.</li>
</ul>
<h2>Fair terms</h2>
<p>Registration is free. For tickets sold, a transparent service fee applies, which you will know before you publish your first event. No monthly fee, no minimum term, no set-up costs. Free events do not incur any fees.</p>
<h2>For associations, municipalities and agencies</h2>
<p>Do you manage many events or several venues? Get in touch – together we will find the right solution, for example with individual terms or a personal onboarding session for your team.</p>
<h3>Contact for organisers</h3>
<p>Email us at <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> or call us at <a href="tel:+49301234567">+49 30 1234567</a> (Monday to Friday, 9 am to 6 pm).</p>`,
    },
  },
  {
    key: "faq",
    menu: "footer",
    order: 1,
    title: { de: "Häufige Fragen", en: "Frequently asked questions" },
    slug: { de: "faq", en: "faq" },
    body: {
      de: `<h2>Häufige Fragen</h2>
<p>Hier finden Sie Antworten auf die Fragen, die uns am häufigsten erreichen. Ist Ihre Frage nicht dabei, schreiben Sie uns gern.</p>
<h3>Wie kaufe ich ein Ticket?</h3>
<p>Wählen Sie auf der Veranstaltungsseite die gewünschte Ticketkategorie und Anzahl aus und legen Sie die Tickets in den Warenkorb. Anschließend melden Sie sich an oder erstellen ein kostenloses Kundenkonto, prüfen Ihre Angaben und schließen die Bestellung ab. Der angezeigte Gesamtpreis ist ein Endpreis in Euro inklusive Mehrwertsteuer.</p>
<h3>Wie funktioniert mein QR-Code-Ticket?</h3>
<p>Direkt nach der Bestellung finden Sie Ihre Tickets in Ihrem Kundenkonto unter „Meine Bestellungen“ sowie in der Bestätigungs-E-Mail. Jedes Ticket hat einen eigenen QR-Code, der am Einlass einmalig gescannt wird. Sie können den Code auf dem Smartphone vorzeigen oder ausdrucken. Nach dem ersten Scan ist das Ticket entwertet – ein Wiedereinlass mit demselben Code ist nur möglich, wenn der Veranstalter dies ausdrücklich anbietet.</p>
<h3>Was passiert, wenn eine Veranstaltung abgesagt wird?</h3>
<p>Bei einer Absage informieren wir Sie per E-Mail. Ihr Vertrag über das Ticket besteht mit dem Veranstalter, der Ihnen den Ticketpreis erstattet. Die Erstattung erfolgt in der Regel automatisch auf das ursprünglich verwendete Zahlungsmittel. Wird eine Veranstaltung verschoben, bleiben Ihre Tickets für den neuen Termin gültig; ob und wie Sie stattdessen eine Erstattung erhalten können, teilt Ihnen der Veranstalter mit.</p>
<h3>Kann ich mein Ticket an eine andere Person weitergeben?</h3>
<p>Ja, sofern der Veranstalter nichts anderes festlegt. Leiten Sie der Person das Ticket mit dem QR-Code weiter, zum Beispiel als Ausdruck. Bitte beachten Sie: Eingelassen wird, wer den Code zuerst vorzeigt. Geben Sie jedes Ticket daher nur an eine einzige Person weiter. Der gewerbliche Weiterverkauf oder der Verkauf über dem Originalpreis kann vom Veranstalter untersagt sein.</p>
<h3>Kann ich ein Ticket zurückgeben?</h3>
<p>Für Tickets zu Freizeitveranstaltungen mit festem Termin besteht nach § 312g Abs. 2 Nr. 9 BGB kein gesetzliches Widerrufsrecht. Eine Rückgabe ist daher nur möglich, wenn der Veranstalter sie ausdrücklich anbietet oder die Veranstaltung abgesagt wird.</p>
<h3>Wie werde ich Veranstalter auf Eventwerk?</h3>
<p>Registrieren Sie sich über „Veranstalter werden“ mit den Daten Ihres Unternehmens oder Vereins. Ihr Konto erhält zunächst den Status „ausstehend“. Unser Team prüft Ihre Angaben meist innerhalb von ein bis zwei Werktagen. Nach der Freischaltung erhalten Sie eine E-Mail und können sofort Veranstaltungen anlegen und veröffentlichen.</p>
<h3>Welche Gebühren fallen an?</h3>
<p>Für Besucher ist das Kundenkonto kostenlos; eine etwaige Servicegebühr wird vor dem Kauf klar ausgewiesen und ist im Endpreis enthalten. Für Veranstalter ist die Registrierung kostenlos. Für verkaufte Tickets fällt eine transparente Servicegebühr an, kostenlose Veranstaltungen bleiben gebührenfrei.</p>
<h3>Was passiert mit meinen Daten?</h3>
<p>Wir verarbeiten nur die Daten, die für Konto, Bestellung und Einlass erforderlich sind, und setzen ausschließlich technisch notwendige Cookies ein. Sie können Ihre Daten jederzeit in Ihrem Kundenkonto als JSON-Datei exportieren und Ihr Konto nach Bestätigung mit Ihrem Passwort löschen. Details finden Sie in unserer Datenschutzerklärung.</p>
<h3>Wie erreiche ich den Kundenservice?</h3>
<p>Sie erreichen uns per E-Mail an <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> oder telefonisch unter <a href="tel:+49301234567">+49 30 1234567</a>, montags bis freitags von 9 bis 18 Uhr. Bitte geben Sie bei Fragen zu einer Bestellung immer Ihre Bestellnummer an. Für Fragen zum Programm, zu Einlasszeiten oder zur Barrierefreiheit vor Ort wenden Sie sich bitte direkt an den Veranstalter, dessen Kontaktdaten Sie auf der Veranstaltungsseite finden.</p>`,
      en: `<h2>Frequently asked questions</h2>
<p>Here you will find answers to the questions we are asked most often. If your question is not listed, feel free to contact us.</p>
<h3>How do I buy a ticket?</h3>
<p>On the event page, choose the ticket category and quantity you want and add the tickets to your cart. Then sign in or create a free customer account, check your details and complete the order. The total price shown is a final price in euros including VAT.</p>
<h3>How does my QR code ticket work?</h3>
<p>Right after your order you will find your tickets in your customer account under “My orders” and in the confirmation email. Each ticket has its own QR code, which is scanned once at the entrance. You can show the code on your smartphone or print it out. After the first scan the ticket is invalidated – re-entry with the same code is only possible if the organiser explicitly offers it.</p>
<h3>What happens if an event is cancelled?</h3>
<p>If an event is cancelled, we will inform you by email. Your ticket contract is with the organiser, who refunds the ticket price to you. The refund is usually made automatically to the original payment method. If an event is postponed, your tickets remain valid for the new date; the organiser will tell you whether and how you can get a refund instead.</p>
<h3>Can I transfer my ticket to someone else?</h3>
<p>Yes, unless the organiser specifies otherwise. Forward the ticket with its QR code to the other person, for example as a printout. Please note: whoever shows the code first will be admitted. Therefore only pass each ticket on to one single person. Organisers may prohibit commercial resale or resale above the original price.</p>
<h3>Can I return a ticket?</h3>
<p>Under German law (Section 312g (2) no. 9 of the German Civil Code), there is no statutory right of withdrawal for tickets to leisure events on a specific date. A return is therefore only possible if the organiser explicitly offers it or if the event is cancelled.</p>
<h3>How do I become an organiser on Eventwerk?</h3>
<p>Register via “Become an organiser” with the details of your company or association. Your account initially has the status “pending”. Our team usually reviews your details within one to two working days. Once approved, you will receive an email and can create and publish events straight away.</p>
<h3>What fees apply?</h3>
<p>The customer account is free for visitors; any service fee is clearly shown before purchase and is included in the final price. Registration is free for organisers. A transparent service fee applies to tickets sold, while free events remain free of charge.</p>
<h3>What happens to my data?</h3>
<p>We only process the data required for your account, your orders and entry to the event, and we only use technically necessary cookies. You can export your data as a JSON file from your customer account at any time and delete your account after confirming with your password. You will find details in our privacy policy.</p>
<h3>How can I reach customer service?</h3>
<p>You can reach us by email at <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> or by phone at <a href="tel:+49301234567">+49 30 1234567</a>, Monday to Friday from 9 am to 6 pm. For questions about an order, please always include your order number. For questions about the programme, door times or on-site accessibility, please contact the organiser directly; you will find their contact details on the event page.</p>`,
    },
  },
  {
    key: "privacy-policy",
    menu: "footer",
    order: 2,
    title: { de: "Datenschutzerklärung", en: "Privacy policy" },
    slug: { de: "datenschutz", en: "privacy-policy" },
    body: {
      de: `<h2>Datenschutzerklärung</h2>
<p>Der Schutz Ihrer personenbezogenen Daten ist uns wichtig. Nachfolgend informieren wir Sie gemäß Art. 13 und 14 der Datenschutz-Grundverordnung (DSGVO) darüber, welche Daten wir bei der Nutzung von Eventwerk verarbeiten, zu welchen Zwecken und welche Rechte Ihnen zustehen.</p>
<h3>1. Verantwortlicher</h3>
<p>Eventwerk GmbH, Torstraße 109, 10119 Berlin, Deutschland</p>
<p>E-Mail: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, Telefon: <a href="tel:+49301234567">+49 30 1234567</a></p>
<h3>2. Welche Daten wir verarbeiten</h3>
<ul>
<li><strong>Kontodaten:</strong> Name, E-Mail-Adresse, Telefonnummer (optional), Passwort (nur als sicherer Hash gespeichert) und bevorzugte Sprache.</li>
<li><strong>Adressdaten:</strong> Rechnungs- und Kontaktadressen, die Sie in Ihrem Konto hinterlegen, sowie bei Veranstaltern die Firmenanschrift.</li>
<li><strong>Bestell- und Ticketdaten:</strong> gekaufte Tickets, Veranstaltung, Ticketkategorie, Preise, Bestellzeitpunkt, Bestellnummer und der jedem Ticket zugeordnete QR-Code.</li>
<li><strong>Check-in-Protokolle:</strong> Beim Scannen eines Tickets am Einlass speichern wir Zeitpunkt, Veranstaltung, Ergebnis des Scans (gültig, bereits eingelöst, ungültig) und das scannende Veranstalterkonto.</li>
<li><strong>Technische Daten:</strong> IP-Adresse, Zeitpunkt des Zugriffs und Browserinformationen in Server-Logdateien, die wir nach spätestens 14 Tagen löschen.</li>
</ul>
<h3>3. Zwecke und Rechtsgrundlagen</h3>
<ul>
<li>Bereitstellung des Kundenkontos, Abwicklung von Bestellungen, Ausstellung der Tickets und Einlasskontrolle: Art. 6 Abs. 1 lit. b DSGVO (Vertragserfüllung).</li>
<li>Aufbewahrung von Bestell- und Rechnungsdaten aufgrund handels- und steuerrechtlicher Pflichten: Art. 6 Abs. 1 lit. c DSGVO (rechtliche Verpflichtung).</li>
<li>Sicherheit der Plattform, Verhinderung von Missbrauch und Ticketbetrug sowie Nachvollziehbarkeit des Einlasses: Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse).</li>
<li>Soweit wir Sie um eine Einwilligung bitten, etwa für einen Newsletter: Art. 6 Abs. 1 lit. a DSGVO. Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen.</li>
</ul>
<h3>4. Empfänger</h3>
<p>Der Vertrag über ein Ticket kommt mit dem jeweiligen Veranstalter zustande. Dieser erhält daher die für die Durchführung der Veranstaltung erforderlichen Daten, insbesondere Name, E-Mail-Adresse und Ticketdaten. Darüber hinaus setzen wir sorgfältig ausgewählte Dienstleister für Hosting und E-Mail-Versand innerhalb der Europäischen Union ein, die an unsere Weisungen gebunden sind (Art. 28 DSGVO). Eine Übermittlung in Drittländer findet nicht statt.</p>
<h3>5. Speicherdauer</h3>
<p>Kontodaten speichern wir, solange Ihr Konto besteht. Bestellungen und Rechnungen bewahren wir aufgrund der handels- und steuerrechtlichen Aufbewahrungspflichten (§ 257 HGB, § 147 AO) zehn Jahre auf. Löschen Sie Ihr Konto, werden Ihre Konto- und Adressdaten gelöscht; die aufbewahrungspflichtigen Bestellungen bleiben erhalten, werden jedoch anonymisiert, sodass sie Ihnen nicht mehr zugeordnet werden können. Check-in-Protokolle gehören zum Ticket und bleiben so lange wie dieses erhalten; nach der Löschung Ihres Kontos sind sie Ihnen nicht mehr zuzuordnen.</p>
<h3>6. Cookies</h3>
<p>Wir verwenden ausschließlich technisch notwendige Cookies und verzichten auf Analyse-, Tracking- und Werbe-Cookies. Eine Einwilligung ist dafür nach § 25 Abs. 2 Nr. 2 TDDDG nicht erforderlich.</p>
<ul>
<li><strong>Anmelde-Token:</strong> Nach dem Login speichern wir Zugangs- und Aktualisierungs-Token in httpOnly-Cookies, die für Skripte nicht lesbar sind. Sie halten Sie angemeldet und werden beim Abmelden bzw. nach Ablauf ihrer Gültigkeit gelöscht.</li>
<li><strong>i18n_redirected:</strong> Speichert Ihre gewählte Sprache (Deutsch oder Englisch) für 365 Tage, damit Sie bei Ihrem nächsten Besuch nicht erneut umgeleitet werden.</li>
</ul>
<h3>7. Ihre Rechte</h3>
<p>Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO).</p>
<ul>
<li><strong>Datenexport:</strong> In Ihrem Kundenkonto können Sie jederzeit alle zu Ihrem Konto gespeicherten Daten als JSON-Datei herunterladen.</li>
<li><strong>Kontolöschung:</strong> Ebenfalls im Kundenkonto können Sie Ihr Konto selbst löschen. Zum Schutz vor versehentlicher oder missbräuchlicher Löschung bestätigen Sie diesen Schritt mit Ihrem Passwort.</li>
</ul>
<p>Außerdem haben Sie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO), zum Beispiel bei der Berliner Beauftragten für Datenschutz und Informationsfreiheit.</p>
<h3>8. Kontakt</h3>
<p>Für alle Fragen zum Datenschutz und zur Ausübung Ihrer Rechte erreichen Sie uns unter <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> oder postalisch unter der oben genannten Anschrift.</p>
<p>Stand: Januar 2025</p>`,
      en: `<h2>Privacy policy</h2>
<p>Protecting your personal data is important to us. In accordance with Articles 13 and 14 of the General Data Protection Regulation (GDPR), we explain below which data we process when you use Eventwerk, for which purposes, and which rights you have.</p>
<h3>1. Controller</h3>
<p>Eventwerk GmbH, Torstraße 109, 10119 Berlin, Germany</p>
<p>Email: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, phone: <a href="tel:+49301234567">+49 30 1234567</a></p>
<h3>2. Data we process</h3>
<ul>
<li><strong>Account data:</strong> name, email address, phone number (optional), password (stored only as a secure hash) and preferred language.</li>
<li><strong>Address data:</strong> billing and contact addresses that you save in your account and, for organisers, the company address.</li>
<li><strong>Order and ticket data:</strong> tickets purchased, event, ticket category, prices, time of order, order number and the QR code assigned to each ticket.</li>
<li><strong>Check-in logs:</strong> when a ticket is scanned at the entrance, we store the time, the event, the result of the scan (valid, already redeemed, invalid) and the organiser account that performed the scan.</li>
<li><strong>Technical data:</strong> IP address, time of access and browser information in server log files, which we delete after 14 days at the latest.</li>
</ul>
<h3>3. Purposes and legal bases</h3>
<ul>
<li>Providing your customer account, processing orders, issuing tickets and entry control: Art. 6(1)(b) GDPR (performance of a contract).</li>
<li>Retaining order and invoice data due to commercial and tax law obligations: Art. 6(1)(c) GDPR (legal obligation).</li>
<li>Platform security, prevention of misuse and ticket fraud, and traceability of admission: Art. 6(1)(f) GDPR (legitimate interests).</li>
<li>Where we ask for your consent, for example for a newsletter: Art. 6(1)(a) GDPR. You can withdraw your consent at any time with effect for the future.</li>
</ul>
<h3>4. Recipients</h3>
<p>The contract for a ticket is concluded with the respective organiser. The organiser therefore receives the data required to run the event, in particular your name, email address and ticket data. In addition, we use carefully selected service providers for hosting and sending emails within the European Union, who are bound by our instructions (Art. 28 GDPR). No data is transferred to third countries.</p>
<h3>5. Retention</h3>
<p>We store account data for as long as your account exists. Orders and invoices are retained for ten years in accordance with German commercial and tax law (Section 257 of the German Commercial Code, Section 147 of the German Fiscal Code). If you delete your account, your account and address data are deleted; orders subject to retention are kept but anonymised so that they can no longer be linked to you. Check-in logs belong to the ticket and are kept as long as it is; once your account is deleted, they can no longer be linked to you.</p>
<h3>6. Cookies</h3>
<p>We only use technically necessary cookies and do not use analytics, tracking or advertising cookies. Under Section 25(2) no. 2 of the German Telecommunications Digital Services Data Protection Act (TDDDG), no consent is required for this.</p>
<ul>
<li><strong>Login tokens:</strong> after you sign in, we store access and refresh tokens in httpOnly cookies that cannot be read by scripts. They keep you signed in and are deleted when you sign out or when they expire.</li>
<li><strong>i18n_redirected:</strong> stores your chosen language (German or English) for 365 days so that you are not redirected again on your next visit.</li>
</ul>
<h3>7. Your rights</h3>
<p>You have the right of access (Art. 15 GDPR), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18), data portability (Art. 20) and to object to processing based on legitimate interests (Art. 21 GDPR).</p>
<ul>
<li><strong>Data export:</strong> in your customer account you can download all data stored for your account as a JSON file at any time.</li>
<li><strong>Account deletion:</strong> you can also delete your account yourself in your customer account. To protect you against accidental or unauthorised deletion, you confirm this step with your password.</li>
</ul>
<p>You also have the right to lodge a complaint with a data protection supervisory authority (Art. 77 GDPR), for example the Berlin Commissioner for Data Protection and Freedom of Information.</p>
<h3>8. Contact</h3>
<p>For any questions about data protection and to exercise your rights, contact us at <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a> or by post at the address above.</p>
<p>Last updated: January 2025</p>`,
    },
  },
  {
    key: "terms-and-conditions",
    menu: "footer",
    order: 3,
    title: { de: "Allgemeine Geschäftsbedingungen", en: "Terms and conditions" },
    slug: { de: "agb", en: "terms-and-conditions" },
    body: {
      de: `<h2>Allgemeine Geschäftsbedingungen</h2>
<p>Eventwerk GmbH, Torstraße 109, 10119 Berlin (nachfolgend „Eventwerk“)</p>
<h3>1. Geltungsbereich</h3>
<p>Diese Allgemeinen Geschäftsbedingungen gelten für die Nutzung des Online-Marktplatzes Eventwerk durch Besucher (Ticketkäufer) und Veranstalter. Abweichende Bedingungen von Nutzern werden nicht Vertragsbestandteil, es sei denn, Eventwerk stimmt ihrer Geltung ausdrücklich zu. Für einzelne Veranstaltungen können ergänzend die Bedingungen des jeweiligen Veranstalters gelten, auf die auf der Veranstaltungsseite hingewiesen wird.</p>
<h3>2. Rolle von Eventwerk</h3>
<p>Eventwerk betreibt einen Marktplatz und tritt beim Ticketverkauf ausschließlich als Vermittler im Namen und für Rechnung des jeweiligen Veranstalters auf. Der Vertrag über den Besuch der Veranstaltung kommt zwischen dem Käufer und dem Veranstalter zustande. Der Veranstalter ist allein für die Durchführung der Veranstaltung, deren Inhalt sowie die Richtigkeit der Angaben zu Ort, Datum und Programm verantwortlich.</p>
<h3>3. Kundenkonto</h3>
<p>Für den Kauf von Tickets ist ein Kundenkonto erforderlich. Die Angaben bei der Registrierung müssen wahrheitsgemäß sein. Sie sind verpflichtet, Ihre Zugangsdaten geheim zu halten. Sie können Ihr Konto jederzeit in Ihrem Kundenbereich nach Bestätigung mit Ihrem Passwort löschen.</p>
<h3>4. Vertragsschluss</h3>
<p>Die Darstellung von Veranstaltungen auf Eventwerk stellt kein bindendes Angebot dar. Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot zum Erwerb der ausgewählten Tickets ab. Der Vertrag kommt zustande, wenn die Bestellung bestätigt wird und die Tickets in Ihrem Kundenkonto bereitgestellt werden.</p>
<h3>5. Preise</h3>
<p>Alle Preise sind in Euro angegeben und enthalten die gesetzliche Mehrwertsteuer. Etwaige Servicegebühren werden vor Abschluss der Bestellung gesondert ausgewiesen und sind im angezeigten Gesamtpreis enthalten.</p>
<h3>6. Tickets und Einlass</h3>
<ul>
<li>Jedes Ticket enthält einen individuellen QR-Code und berechtigt zum einmaligen Einlass zur jeweiligen Veranstaltung.</li>
<li>Der QR-Code wird beim Einlass gescannt und damit entwertet. Jeder weitere Einlassversuch mit demselben Code wird abgelehnt. Eingelassen wird, wer den gültigen Code zuerst vorlegt.</li>
<li>Der Käufer ist für die sichere Aufbewahrung des QR-Codes verantwortlich. Bei Verlust oder Weitergabe an Dritte besteht kein Anspruch auf Ersatz, soweit der Code bereits eingelöst wurde.</li>
<li>Der Veranstalter kann die Weitergabe oder den Weiterverkauf von Tickets beschränken und Ermäßigungsnachweise am Einlass verlangen.</li>
</ul>
<h3>7. Kein Widerrufsrecht</h3>
<p>Bei Tickets für Freizeitveranstaltungen, die zu einem bestimmten Termin stattfinden, besteht gemäß § 312g Abs. 2 Nr. 9 BGB kein Widerrufsrecht. Jede Bestellung ist daher unmittelbar nach Bestätigung verbindlich.</p>
<h3>8. Absage und Verlegung von Veranstaltungen</h3>
<p>Wird eine Veranstaltung abgesagt, erstattet der Veranstalter den Ticketpreis. Eventwerk informiert alle Ticketinhaber per E-Mail und unterstützt bei der Abwicklung der Erstattung. Wird eine Veranstaltung verlegt, behalten die Tickets für den Ersatztermin ihre Gültigkeit; weitergehende Ansprüche richten sich nach den gesetzlichen Vorschriften und sind gegenüber dem Veranstalter geltend zu machen.</p>
<h3>9. Veranstalter</h3>
<p>Veranstalter registrieren sich mit den Daten ihres Unternehmens oder Vereins. Neue Veranstalterkonten werden zunächst als „ausstehend“ angelegt und erst nach Prüfung durch Eventwerk freigeschaltet; ein Anspruch auf Freischaltung besteht nicht. Veranstalter sind verpflichtet, vollständige und zutreffende Angaben zu ihren Veranstaltungen zu machen, geltendes Recht einzuhalten und die Einlasskontrolle ordnungsgemäß durchzuführen. Eventwerk kann Veranstaltungen oder Konten sperren, wenn Anhaltspunkte für Rechtsverstöße oder Missbrauch bestehen.</p>
<h3>10. Haftung</h3>
<p>Eventwerk haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit. Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen. Für die Durchführung der Veranstaltung haftet allein der Veranstalter. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.</p>
<h3>11. Anwendbares Recht und Schlussbestimmungen</h3>
<p>Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gegenüber Verbrauchern gilt diese Rechtswahl nur, soweit dadurch nicht der Schutz zwingender Bestimmungen des Staates ihres gewöhnlichen Aufenthalts entzogen wird. Ist der Nutzer Kaufmann, ist Gerichtsstand Berlin. Eventwerk ist nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Sollten einzelne Bestimmungen unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.</p>
<h3>Kontakt</h3>
<p>E-Mail: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, Telefon: <a href="tel:+49301234567">+49 30 1234567</a></p>
<p>Stand: Januar 2025</p>`,
      en: `<h2>Terms and conditions</h2>
<p>Eventwerk GmbH, Torstraße 109, 10119 Berlin, Germany (hereinafter “Eventwerk”)</p>
<h3>1. Scope</h3>
<p>These terms and conditions apply to the use of the Eventwerk online marketplace by visitors (ticket buyers) and organisers. Deviating terms of users do not become part of the contract unless Eventwerk expressly agrees to them. For individual events, the organiser’s own terms may also apply; these are referred to on the event page.</p>
<h3>2. Role of Eventwerk</h3>
<p>Eventwerk operates a marketplace and acts in ticket sales exclusively as an intermediary in the name and on behalf of the respective organiser. The contract for attending the event is concluded between the buyer and the organiser. The organiser is solely responsible for holding the event, its content and the accuracy of the information on venue, date and programme.</p>
<h3>3. Customer account</h3>
<p>A customer account is required to buy tickets. The details you provide when registering must be truthful. You are obliged to keep your login details secret. You can delete your account at any time in your customer area after confirming with your password.</p>
<h3>4. Conclusion of contract</h3>
<p>The presentation of events on Eventwerk does not constitute a binding offer. By submitting your order, you make a binding offer to purchase the selected tickets. The contract is concluded when the order is confirmed and the tickets are made available in your customer account.</p>
<h3>5. Prices</h3>
<p>All prices are stated in euros and include statutory VAT. Any service fees are shown separately before you complete your order and are included in the total price displayed.</p>
<h3>6. Tickets and entry</h3>
<ul>
<li>Each ticket contains an individual QR code and entitles the holder to a single entry to the respective event.</li>
<li>The QR code is scanned at the entrance and thereby invalidated. Any further attempt to enter with the same code is rejected. Whoever presents the valid code first will be admitted.</li>
<li>The buyer is responsible for keeping the QR code safe. If the code is lost or passed on to third parties, there is no claim to a replacement once the code has been redeemed.</li>
<li>The organiser may restrict the transfer or resale of tickets and may require proof of eligibility for concessions at the entrance.</li>
</ul>
<h3>7. No right of withdrawal</h3>
<p>Under Section 312g (2) no. 9 of the German Civil Code (BGB), there is no right of withdrawal for tickets to leisure events that take place on a specific date. Every order is therefore binding immediately upon confirmation.</p>
<h3>8. Cancellation and postponement of events</h3>
<p>If an event is cancelled, the organiser refunds the ticket price. Eventwerk informs all ticket holders by email and supports the refund process. If an event is postponed, tickets remain valid for the new date; any further claims are governed by statutory law and must be asserted against the organiser.</p>
<h3>9. Organisers</h3>
<p>Organisers register with the details of their company or association. New organiser accounts are initially created as “pending” and are only activated after review by Eventwerk; there is no entitlement to approval. Organisers must provide complete and accurate information about their events, comply with applicable law and carry out entry control properly. Eventwerk may block events or accounts if there are indications of legal violations or misuse.</p>
<h3>10. Liability</h3>
<p>Eventwerk is liable without limitation for intent and gross negligence and for damage resulting from injury to life, body or health. In the event of a slightly negligent breach of essential contractual obligations, liability is limited to the foreseeable damage typical for the contract. Otherwise, liability for slight negligence is excluded. The organiser is solely liable for holding the event. Liability under the German Product Liability Act remains unaffected.</p>
<h3>11. Governing law and final provisions</h3>
<p>The law of the Federal Republic of Germany applies, excluding the UN Convention on Contracts for the International Sale of Goods. For consumers, this choice of law only applies insofar as it does not deprive them of the protection of mandatory provisions of the country of their habitual residence. If the user is a merchant, the place of jurisdiction is Berlin. Eventwerk is neither willing nor obliged to participate in dispute resolution proceedings before a consumer arbitration board. Should individual provisions be invalid, the validity of the remaining provisions remains unaffected.</p>
<h3>Contact</h3>
<p>Email: <a href="mailto:hallo@eventwerk.example">hallo@eventwerk.example</a>, phone: <a href="tel:+49301234567">+49 30 1234567</a></p>
<p>Last updated: January 2025</p>`,
    },
  },
];
