import type { ErrorCode, Locale } from "@eventwerk/contract";

/** The API's own texts in both languages; errors, field messages and emails take them from here. */
const de = {
  validation_failed: "Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.",
  malformed_request: "Der Inhalt der Anfrage ist kein gültiges JSON.",
  bad_request: "Die Anfrage ist fehlerhaft.",
  method_not_allowed: "Diese Methode ist für diese Adresse nicht erlaubt.",
  unsupported_media_type: "Dieser Inhaltstyp wird nicht unterstützt.",
  payload_too_large: "Die Anfrage ist zu groß.",
  unauthorized: "Bitte melden Sie sich an.",
  invalid_token: "Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.",
  forbidden: "Dafür fehlt Ihnen die Berechtigung.",
  not_found: "Nicht gefunden.",
  route_not_found: "Diese Adresse gibt es in der API nicht.",
  conflict: "Die Anfrage steht im Widerspruch zum aktuellen Stand.",
  email_taken: "Für diese E-Mail-Adresse gibt es bereits ein Konto.",
  unprocessable: "Die Anfrage kann so nicht verarbeitet werden.",
  // SPEC.md's "Kullanıcı adı veya şifre hatalı", in the visitor's language (decision 022).
  invalid_grant: "Benutzername oder Passwort ist falsch.",
  invalid_refresh_token: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  invalid_client: "Unbekannter Client oder falsches Client-Geheimnis.",
  unauthorized_client: "Dieser Client darf diese Anmeldeart nicht verwenden.",
  unsupported_grant_type: "Diese Anmeldeart wird nicht unterstützt.",
  invalid_reset_token:
    "Dieser Link zum Zurücksetzen ist ungültig. Vielleicht fehlt ein Teil davon, oder ein neuerer Link hat ihn ersetzt. Fordern Sie einen neuen an.",
  reset_token_used: "Dieser Link wurde bereits verwendet. Fordern Sie einen neuen an.",
  reset_token_expired: "Dieser Link ist abgelaufen. Fordern Sie einen neuen an.",
  invalid_email_token:
    "Dieser Bestätigungslink ist ungültig. Vielleicht fehlt ein Teil davon, oder ein neuerer Link hat ihn ersetzt.",
  email_token_used: "Dieser Bestätigungslink wurde bereits verwendet.",
  email_token_expired: "Dieser Bestätigungslink ist abgelaufen. Fordern Sie einen neuen an.",
  wrong_password: "Das aktuelle Passwort ist falsch.",
  rate_limited: "Zu viele Versuche. Bitte warten Sie einen Moment.",
  internal_error: "Ein unerwarteter Fehler ist aufgetreten.",
  service_unavailable: "Der Dienst ist gerade nicht erreichbar.",
  sold_out: "Von diesen Tickets sind nicht mehr genug verfügbar.",
  not_on_sale: "Für diese Tickets läuft gerade kein Verkauf.",
  hold_expired:
    "Die Reservierung ist abgelaufen und die Tickets sind wieder im Verkauf. Bitte wählen Sie erneut.",
  order_closed: "Diese Bestellung ist abgeschlossen und kann nicht mehr geändert werden.",
  voucher_unknown: "Diesen Gutscheincode gibt es nicht.",
  voucher_expired: "Dieser Gutscheincode ist abgelaufen.",
  voucher_not_yet_valid: "Dieser Gutscheincode gilt noch nicht.",
  voucher_used_up: "Dieser Gutscheincode wurde schon so oft eingelöst wie möglich.",
  voucher_not_applicable: "Dieser Gutscheincode gilt für keines der gewählten Tickets.",
  invalid_signature: "Die Signatur der Nachricht ist ungültig.",
  door_link_invalid: "Dieser Einlass-Link wurde widerrufen oder ist abgelaufen.",
  exit_not_allowed: "Dieser Einlass-Link erfasst nur Eintritte.",
  door_closed:
    "Der Einlass dieser Veranstaltung ist geschlossen: Neue Einlass-Links gibt es nicht mehr.",
  door_closed_draft:
    "Diese Veranstaltung ist noch nicht veröffentlicht: Einlass-Links gibt es erst danach.",
  door_closed_cancelled: "Diese Veranstaltung ist abgesagt: Sie hat keinen Einlass mehr.",
  idempotency_key_reused:
    "Dieser Idempotency-Key gehört zu einer anderen Anfrage. Bitte verwenden Sie einen neuen.",
  door_link_limit:
    "Eine Veranstaltung hat höchstens 100 Einlass-Links, widerrufene mitgezählt. Bitte verwenden Sie einen bestehenden weiter.",
  door_link_key_used:
    "Dieser Einlass-Link wurde mit diesem Formular schon erstellt und gilt nicht mehr. Bitte laden Sie die Seite neu und erstellen Sie einen neuen.",
  // Field messages that schemas name by key.
  invalid_phone: "Bitte geben Sie eine gültige Telefonnummer an.",
  invalid_tax_number: "Bitte geben Sie eine gültige Steuernummer an.",
  password_rule:
    "Das Passwort braucht mindestens 8 Zeichen, davon mindestens einen Buchstaben und eine Ziffer.",
  accept_terms: "Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.",
  empty_update: "Es wurde nichts zum Ändern angegeben.",
  unknown_country: "Dieses Land gibt es nicht.",
  unknown_city: "Diese Stadt gibt es nicht in diesem Land.",
  unknown_district: "Diesen Bezirk gibt es nicht in dieser Stadt.",
  unknown_company_category: "Diese Unternehmenskategorie gibt es nicht.",
  date_range: "Das Enddatum darf nicht vor dem Anfangsdatum liegen.",
  price_range: "Der Höchstpreis darf nicht unter dem Mindestpreis liegen.",
  price_filter_range: "Bitte geben Sie einen Preis von 0 bis 1.000.000 € ein.",
  field_required: "Bitte füllen Sie dieses Feld aus.",
  organiser_has_events:
    "Ein Veranstalterkonto mit Veranstaltungen kann nicht selbst gelöscht werden. Bitte schreiben Sie uns über das Kontaktformular.",
  field_too_short: "Bitte geben Sie mindestens {minimum} Zeichen ein.",
  field_too_long: "Bitte geben Sie höchstens {maximum} Zeichen ein.",
  field_email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  field_number: "Bitte geben Sie eine Zahl ein.",
  field_whole_number: "Bitte geben Sie eine ganze Zahl ein.",
  field_type: "Ungültiger Wert: erwartet {expected}.",
  field_number_min: "Bitte geben Sie mindestens {minimum} ein.",
  field_number_max: "Bitte geben Sie höchstens {maximum} ein.",
  invalid_characters:
    "Dieses Feld enthält unzulässige Zeichen (z. B. Steuerzeichen oder Zeilenumbrüche).",
  quantity_over_max: "So viele Tickets dieser Art sind pro Bestellung nicht möglich.",
  ticket_type_unknown: "Diese Ticketart gibt es bei dieser Veranstaltung nicht.",
  duplicate_ticket_type: "Jede Ticketart darf nur einmal vorkommen.",
  address_twice:
    "Bitte wählen Sie eine gespeicherte Adresse oder geben Sie eine ein, nicht beides.",
  save_address_without_address: "Speichern lässt sich nur eine eingegebene Adresse.",
  address_book_sign_in: "Bitte melden Sie sich an, um eine Adresse im Adressbuch zu speichern.",
  // Answers.
  reset_requested:
    "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen geschickt.",
  password_reset_done: "Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.",
  password_changed: "Ihr Passwort wurde geändert. Andere Sitzungen wurden abgemeldet.",
  contact_received: "Vielen Dank für Ihre Nachricht. Wir melden uns so bald wie möglich.",
  registration_received:
    "Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre Adresse über den Link darin; anmelden können Sie sich schon jetzt.",
  email_change_requested:
    "Wir haben einen Bestätigungslink an die neue Adresse geschickt. Die Änderung gilt, sobald Sie ihn öffnen.",
  email_verification_sent: "Wir haben Ihnen einen neuen Bestätigungslink geschickt.",
  email_verified: "Ihre E-Mail-Adresse ist bestätigt.",
  email_changed: "Ihre E-Mail-Adresse wurde geändert. Andere Sitzungen wurden abgemeldet.",
  verify_mail_subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse – {site}",
  verify_mail_text:
    "Hallo {name},\n\nwillkommen bei {site}! Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link (gültig für {hours} Stunden, nur einmal verwendbar):\n\n{link}\n\nWenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.\n\nIhr {site}-Team",
  register_attempt_mail_subject: "Registrierung mit Ihrer E-Mail-Adresse – {site}",
  register_attempt_mail_text:
    "Hallo {name},\n\njemand hat versucht, sich bei {site} mit Ihrer E-Mail-Adresse zu registrieren. Für diese Adresse gibt es bereits Ihr Konto.\n\nWaren Sie das? Dann melden Sie sich an: {login}\nPasswort vergessen? Hier setzen Sie es zurück: {reset}\n\nWenn Sie das nicht waren, können Sie diese E-Mail ignorieren; an Ihrem Konto hat sich nichts geändert.\n\nIhr {site}-Team",
  change_mail_subject: "Bitte bestätigen Sie Ihre neue E-Mail-Adresse – {site}",
  change_mail_text:
    "Hallo {name},\n\nSie möchten die E-Mail-Adresse Ihres Kontos bei {site} in diese ändern. Bitte bestätigen Sie das über diesen Link (gültig für {hours} Stunden, nur einmal verwendbar; Sie melden sich dafür an):\n\n{link}\n\nWenn Sie das nicht waren, können Sie diese E-Mail ignorieren.\n\nIhr {site}-Team",
  change_notice_mail_subject: "Änderung Ihrer E-Mail-Adresse angefordert – {site}",
  change_notice_mail_text:
    "Hallo {name},\n\nfür Ihr Konto bei {site} wurde angefordert, die E-Mail-Adresse in {email} zu ändern. Sie ändert sich erst, wenn der Link an die neue Adresse geöffnet wird.\n\nWaren Sie das nicht? Dann ändern Sie bitte Ihr Passwort: {reset}\n\nIhr {site}-Team",
  // Emails.
  reset_mail_subject: "Passwort zurücksetzen – {site}",
  reset_mail_text:
    "Hallo {name},\n\nSie haben angefordert, Ihr Passwort bei {site} zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort (gültig für {minutes} Minuten, nur einmal verwendbar):\n\n{link}\n\nWenn Sie das nicht waren, können Sie diese E-Mail ignorieren.\n\nIhr {site}-Team",
  order_mail_subject: "Ihre Tickets: {event} – Bestellung {order}",
  order_mail_text:
    "Hallo {name},\n\nvielen Dank für Ihre Bestellung {order} bei {site}. {received}\n\n{event}\n{date}\n{venue}\n\n{lines}\n\nGesamt: {total}\n{vat}\n\nIm Anhang: Ihre Tickets als PDF (eine Seite je Ticket, zum Ausdrucken oder Vorzeigen am Handy) und der Termin für Ihren Kalender.\nIhre Tickets mit QR-Codes online: {link}\n\nIhr {site}-Team",
  order_mail_paid: "Ihre Zahlung ist eingegangen.",
  order_mail_free: "Ihre Bestellung ist bestätigt.",
  order_mail_line: "{quantity} × {type} zu je {price}",
  order_mail_discount: "Rabatt: −{amount}",
  order_mail_fee: "Servicegebühr: {amount}",
  vat_included: "inkl. {percent} % MwSt.: {amount}",
  vat_total: "MwSt. gesamt: {amount}",
  ticket_pdf_title: "Tickets: {event} – Bestellung {order}",
  ticket_pdf_type: "Ticketart",
  ticket_pdf_price: "Preis",
  ticket_pdf_order: "Bestellung",
  ticket_pdf_ticket: "Ticket",
  ticket_pdf_of: "{n} von {count} (Nr. {id})",
  ticket_pdf_discount: "inkl. Rabatt von {amount}",
  order_not_paid: "Diese Bestellung ist noch nicht bezahlt; Tickets gibt es erst nach der Zahlung.",
  order_refunded_no_tickets: "Diese Bestellung wurde erstattet: Ihre Tickets gelten nicht mehr.",
  order_ended_unpaid:
    "Diese Bestellung wurde nicht bezahlt und ist abgeschlossen: Zu ihr gibt es keine Tickets.",
  refund_mail_subject: "Bestellung {order} erstattet – {site}",
  refund_mail_text:
    "Hallo {name},\n\nIhre Zahlung für die Bestellung {order} ({event}) kam an, nachdem Ihre Reservierung abgelaufen war, und die Tickets waren inzwischen vergeben. Wir haben Ihnen {total} vollständig erstattet.\n\nIhr {site}-Team",
  refund_mail_text_voucher:
    "Hallo {name},\n\nIhre Zahlung für die Bestellung {order} ({event}) kam an, nachdem Ihre Reservierung abgelaufen war, und Ihr Gutschein war inzwischen von anderen Käufern aufgebraucht. Wir haben Ihnen {total} vollständig erstattet.\n\nIhr {site}-Team",
  refund_mail_text_cancelled:
    "Hallo {name},\n\nleider wurde die Veranstaltung {event} abgesagt, bevor Ihre Zahlung für die Bestellung {order} ankam. Es wurden keine Tickets ausgestellt; wir haben Ihnen {total} vollständig erstattet.\n\nIhr {site}-Team",
  refund_mail_text_over:
    "Hallo {name},\n\nIhre Zahlung für die Bestellung {order} ({event}) kam erst an, als die Veranstaltung schon vorbei war. Es wurden keine Tickets ausgestellt; wir haben Ihnen {total} vollständig erstattet.\n\nIhr {site}-Team",
  refund_mail_text_provider:
    "Hallo {name},\n\nIhre Zahlung von {total} für die Bestellung {order} ({event}) wurde über den Zahlungsanbieter vollständig erstattet, bevor die Bestellung abgeschlossen war. Es wurden keine Tickets ausgestellt.\n\nIhr {site}-Team",
  refund_mail_text_chargeback:
    "Hallo {name},\n\nIhre Bank hat die Zahlung von {total} für Ihre Bestellung {order} ({event}) zurückgebucht, bevor die Bestellung abgeschlossen war. Die Bestellung ist damit storniert; es wurden keine Tickets ausgestellt.\n\nIhr {site}-Team",
  contact_mail_subject: "Kontaktanfrage: {subject}",
  contact_mail_text:
    "Neue Nachricht über das Kontaktformular von {site}.\n\nVon: {name} <{email}>\nBetreff: {subject}\n\n{message}",
  // Organiser panel and operator.
  invalid_datetime: "Bitte geben Sie ein gültiges Datum mit Uhrzeit an.",
  invalid_date: "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
  end_before_start: "Das Ende muss nach dem Beginn liegen.",
  starts_in_past: "Der Beginn muss in der Zukunft liegen.",
  sales_start_after_event: "Der Verkauf muss vor dem Ende der Veranstaltung beginnen.",
  sales_end_after_event: "Der Verkauf endet spätestens mit dem Ende der Veranstaltung.",
  valid_until_past: "Das Ablaufdatum muss in der Zukunft liegen.",
  unknown_event_category: "Diese Kategorie gibt es nicht.",
  unknown_venue: "Diesen Veranstaltungsort gibt es nicht oder Sie dürfen ihn nicht verwenden.",
  event_cancelled: "Diese Veranstaltung ist abgesagt und kann nicht mehr geändert werden.",
  event_over: "Diese Veranstaltung ist bereits vorbei.",
  event_needs_ticket_types: "Legen Sie vor dem Veröffentlichen mindestens eine Ticketart an.",
  ticket_type_limit: "Eine Veranstaltung hat höchstens 50 Ticketarten.",
  order_changed_while_placing:
    "Ihre Bestellung hat sich geändert, während die Zahlung vorbereitet wurde. Bitte prüfen Sie den Betrag und gehen Sie noch einmal zur Zahlung.",
  buyer_deleted:
    "Die Käuferin oder der Käufer hat das Konto gelöscht: Es gibt keine Adresse mehr, an die sie gehen könnte.",
  order_total_too_large:
    "Eine Bestellung kann höchstens 999.999,99 € kosten. Bitte teilen Sie sie auf mehrere Bestellungen auf.",
  payment_below_minimum:
    "Dieser Betrag ist kleiner als die kleinste Zahlung, die unser Zahlungsanbieter annimmt (0,50 €). Bitte wählen Sie mehr Tickets, oder entfernen Sie den Gutschein.",
  payment_unavailable:
    "Die Zahlung kann gerade nicht begonnen werden: Der Zahlungsanbieter ist nicht erreichbar. Ihre Tickets bleiben reserviert, bis Ihre Reservierung abläuft; bitte versuchen Sie es gleich noch einmal.",
  refund_owed:
    "Der Zahlungsanbieter hat die Erstattung nicht bestätigt. Sie ist beauftragt: Wir schließen sie in den nächsten Minuten automatisch ab, die Tickets gelten schon nicht mehr.",
  voucher_limit: "Eine Veranstaltung hat höchstens 500 Gutscheincodes.",
  quota_below_sold:
    "Das Kontingent darf nicht unter die Zahl der verkauften oder reservierten Tickets sinken.",
  ticket_type_has_sales:
    "Für diese Ticketart gibt es bereits Bestellungen. Sie kann nicht gelöscht, nur geschlossen werden.",
  voucher_code_format: "Der Code darf nur Buchstaben, Ziffern, Binde- und Unterstriche enthalten.",
  voucher_code_taken: "Diesen Gutscheincode gibt es bei dieser Veranstaltung schon.",
  percent_range: "Ein Prozentrabatt liegt zwischen 1 und 100.",
  amount_range: "Ein Betragsrabatt liegt zwischen 0,01 € und 100.000 €.",
  ticket_price_range: "Bitte geben Sie einen Preis von 0 bis 100.000 € ein.",
  vat_percent_invalid:
    "Der MwSt.-Satz ist eine Zahl von 0 bis 25 mit höchstens einer Nachkommastelle, z. B. 19 oder 7.",
  order_not_refundable: "Nur bezahlte Bestellungen können erstattet werden.",
  refund_other_provider:
    "Diese Bestellung wurde über einen Zahlungsanbieter bezahlt, mit dem der Marktplatz nicht mehr abrechnet. Erstatten kann sie nur der Betreiber des Marktplatzes dort: Bitte wenden Sie sich an ihn.",
  refund_not_elsewhere:
    "Diese Erstattung ist nicht offen oder wird über den Zahlungsanbieter des Marktplatzes selbst abgeschlossen; es gibt hier nichts zu erfassen.",
  cover_type: "Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.",
  cover_too_large: "Das Bild darf höchstens 10 MB groß sein.",
  confirm_cancel:
    "Für diese Veranstaltung wurden Tickets verkauft. Bitte bestätigen Sie die Absage; alle bezahlten Bestellungen werden erstattet.",
  organiser_not_pending: "Über diese Bewerbung wurde bereits entschieden.",
  organiser_email_unverified:
    "Die E-Mail-Adresse ist noch nicht bestätigt. Freigeben können Sie erst, wenn der Bewerber den Link in seiner E-Mail geöffnet hat.",
  organiser_not_active: "Nur freigegebene, nicht gesperrte Veranstalter können gesperrt werden.",
  organiser_not_suspended: "Dieser Veranstalter ist nicht gesperrt.",
  organiser_refund_mail_subject: "Bestellung {order} erstattet – {site}",
  organiser_refund_mail_text:
    "Hallo {name},\n\nder Veranstalter hat Ihre Bestellung {order} ({event}) storniert. Wir haben Ihnen {total} vollständig erstattet; Ihre Tickets sind nicht mehr gültig.\n\nIhr {site}-Team",
  provider_refund_mail_text:
    "Hallo {name},\n\nIhre Bestellung {order} ({event}) wurde storniert und {total} über den Zahlungsanbieter vollständig erstattet; Ihre Tickets sind nicht mehr gültig.\n\nIhr {site}-Team",
  chargeback_mail_text:
    "Hallo {name},\n\nIhre Bank hat die Zahlung von {total} für Ihre Bestellung {order} ({event}) zurückgebucht. Die Bestellung ist damit storniert, Ihre Tickets sind nicht mehr gültig.\n\nIhr {site}-Team",
  refund_failed_mail_subject: "Erstattung für Bestellung {order} fehlgeschlagen – {site}",
  refund_failed_mail_text:
    "Hallo {name},\n\ndie Erstattung von {total} für Ihre Bestellung {order} ({event}) konnte der Zahlungsanbieter nicht ausführen, etwa weil das Konto nicht mehr besteht. Das Geld ist nicht verloren: Wir zahlen es Ihnen auf anderem Weg zurück und melden uns dazu bei Ihnen. Ihre Tickets bleiben ungültig.\n\nIhr {site}-Team",
  refund_repaid_mail_subject: "Bestellung {order} erstattet – {site}",
  refund_repaid_mail_text:
    "Hallo {name},\n\nwir haben Ihnen {total} für Ihre Bestellung {order} ({event}) auf anderem Weg als über den Zahlungsanbieter zurückgezahlt. Damit ist die Erstattung abgeschlossen.\n\nIhr {site}-Team",
  refund_retried_mail_subject: "Bestellung {order} erstattet – {site}",
  refund_retried_mail_text:
    "Hallo {name},\n\ndie Erstattung von {total} für Ihre Bestellung {order} ({event}) hat der Zahlungsanbieter nun doch ausgeführt. Damit ist die Erstattung abgeschlossen.\n\nIhr {site}-Team",
  event_change_mail_subject: "Geänderter Termin oder Ort: {event} – {site}",
  event_change_mail_text:
    "Hallo {name},\n\nder Veranstalter {organiser} hat Termin oder Ort der Veranstaltung „{event}“ geändert:\n\n{changes}\n\nIhre Tickets aus Bestellung {order} bleiben gültig; Sie müssen nichts tun. Ihre Tickets online: {link}\n\nWenn Sie zum neuen Termin oder Ort nicht kommen können, antworten Sie auf diese E-Mail: Sie erreicht den Veranstalter.\n\nIhr {site}-Team",
  event_change_mail_date: "Neuer Termin: {date} (bisher {before})",
  event_change_mail_venue: "Neuer Ort: {venue} (bisher {before})",
  event_change_mail_calendar:
    "Im Anhang: der Termin für Ihren Kalender; importiert ersetzt er den bisherigen Eintrag.",
  event_cancelled_mail_text:
    "Hallo {name},\n\nleider wurde die Veranstaltung {event} abgesagt. Wir haben Ihnen den Betrag Ihrer Bestellung {order} ({total}) vollständig erstattet; Ihre Tickets sind nicht mehr gültig.\n\nIhr {site}-Team",
  organiser_approved_mail_subject: "Ihr Veranstalterkonto ist freigegeben – {site}",
  organiser_approved_mail_text:
    "Hallo {name},\n\nwir haben Ihr Veranstalterkonto für {company} freigegeben. Im Veranstalterbereich legen Sie jetzt Veranstaltungen an und verkaufen Tickets:\n\n{link}\n\nIhr {site}-Team",
  organiser_rejected_mail_subject: "Ihre Veranstalter-Bewerbung – {site}",
  organiser_rejected_mail_text:
    "Hallo {name},\n\nleider können wir Ihr Veranstalterkonto für {company} nicht freigeben. Begründung:\n\n{reason}\n\nBei Fragen antworten Sie uns gern über das Kontaktformular.\n\nIhr {site}-Team",
  organiser_suspended_mail_subject: "Ihr Veranstalterkonto ist gesperrt – {site}",
  organiser_suspended_mail_text:
    "Hallo {name},\n\nwir haben Ihr Veranstalterkonto für {company} gesperrt. Ihre Veranstaltungen sind nicht mehr sichtbar und der Ticketverkauf ist angehalten. Begründung:\n\n{reason}\n\nIhr {site}-Team",
  organiser_reinstated_mail_subject: "Ihr Veranstalterkonto ist wieder aktiv – {site}",
  organiser_reinstated_mail_text:
    "Hallo {name},\n\nIhr Veranstalterkonto für {company} ist wieder aktiv; Ihre Veranstaltungen sind wieder sichtbar:\n\n{link}\n\nIhr {site}-Team",
  csv_order: "Bestellnummer",
  csv_status: "Status",
  csv_name: "Name",
  csv_email: "E-Mail",
  csv_tickets: "Tickets",
  csv_ticket_types: "Ticketarten",
  csv_total: "Gesamt (EUR)",
  csv_fee: "Servicegebühr (EUR)",
  csv_created: "Bestellt am",
  csv_paid: "Bezahlt am",
  order_status_pending: "offen",
  order_status_paid: "bezahlt",
  order_status_cancelled: "storniert",
  order_status_refunded: "erstattet",
  order_status_failed: "fehlgeschlagen",
  order_status_expired: "abgelaufen",
};

type Catalogue = Record<keyof typeof de, string>;

const en: Catalogue = {
  validation_failed: "The input is invalid. Please check the marked fields.",
  malformed_request: "The request body is not valid JSON.",
  bad_request: "The request is malformed.",
  method_not_allowed: "This method is not allowed for this address.",
  unsupported_media_type: "This content type is not supported.",
  payload_too_large: "The request is too large.",
  unauthorized: "Please log in.",
  invalid_token: "Your session has expired or is invalid. Please log in again.",
  forbidden: "You are not allowed to do that.",
  not_found: "Not found.",
  route_not_found: "This address does not exist in the API.",
  conflict: "The request conflicts with the current state.",
  email_taken: "An account with this email address already exists.",
  unprocessable: "The request cannot be processed like this.",
  invalid_grant: "Username or password is wrong.",
  invalid_refresh_token: "Your login has expired. Please log in again.",
  invalid_client: "Unknown client or wrong client secret.",
  unauthorized_client: "This client may not use this grant type.",
  unsupported_grant_type: "This grant type is not supported.",
  invalid_reset_token:
    "This reset link is not valid. Part of it may be missing, or a newer link has replaced it. Request a new one.",
  reset_token_used: "This link has already been used. Request a new one.",
  reset_token_expired: "This link has expired. Request a new one.",
  invalid_email_token:
    "This confirmation link is not valid. Part of it may be missing, or a newer link has replaced it.",
  email_token_used: "This confirmation link has already been used.",
  email_token_expired: "This confirmation link has expired. Request a new one.",
  wrong_password: "The current password is wrong.",
  rate_limited: "Too many attempts. Please wait a moment.",
  internal_error: "An unexpected error occurred.",
  service_unavailable: "The service is unavailable right now.",
  sold_out: "Not enough of these tickets are left.",
  not_on_sale: "These tickets are not on sale right now.",
  hold_expired:
    "The reservation has expired and the tickets are back on sale. Please choose again.",
  order_closed: "This order is closed and can no longer be changed.",
  voucher_unknown: "This voucher code does not exist.",
  voucher_expired: "This voucher code has expired.",
  voucher_not_yet_valid: "This voucher code is not valid yet.",
  voucher_used_up: "This voucher code has been redeemed as often as it can be.",
  voucher_not_applicable: "This voucher code does not apply to any of the chosen tickets.",
  invalid_signature: "The message's signature is invalid.",
  door_link_invalid: "This door link was revoked or has expired.",
  exit_not_allowed: "This door link records entries only.",
  door_closed: "This event's doors have closed: no new door links can be made.",
  door_closed_draft: "This event is not published yet: door links can be made once it is.",
  door_closed_cancelled: "This event is cancelled: it has no door any more.",
  idempotency_key_reused:
    "This Idempotency-Key belongs to a different request. Please use a new one.",
  door_link_limit:
    "An event has at most 100 door links, revoked ones included. Please keep using an existing one.",
  door_link_key_used:
    "This form already made a door link, and it no longer works. Please reload the page and make a new one.",
  invalid_phone: "Please enter a valid phone number.",
  invalid_tax_number: "Please enter a valid tax number.",
  password_rule:
    "The password needs at least 8 characters, including at least one letter and one digit.",
  accept_terms: "Please accept the terms and conditions and the privacy policy.",
  empty_update: "Nothing to change was given.",
  unknown_country: "This country does not exist.",
  unknown_city: "This city does not exist in this country.",
  unknown_district: "This district does not exist in this city.",
  unknown_company_category: "This company category does not exist.",
  date_range: "The end date must not be before the start date.",
  price_range: "The maximum price must not be below the minimum price.",
  price_filter_range: "Please enter a price from €0 to €1,000,000.",
  field_required: "Please fill in this field.",
  organiser_has_events:
    "An organiser account with events cannot be deleted here. Please write to us through the contact form.",
  field_too_short: "Please enter at least {minimum} characters.",
  field_too_long: "Please enter at most {maximum} characters.",
  field_email: "Please enter a valid email address.",
  field_number: "Please enter a number.",
  field_whole_number: "Please enter a whole number.",
  field_type: "Invalid value: expected {expected}.",
  field_number_min: "Please enter at least {minimum}.",
  field_number_max: "Please enter at most {maximum}.",
  invalid_characters:
    "This field contains characters that are not allowed (such as control characters or line breaks).",
  quantity_over_max: "That many tickets of this type are not allowed in one order.",
  ticket_type_unknown: "This event has no such ticket type.",
  duplicate_ticket_type: "Each ticket type may appear only once.",
  address_twice: "Please choose a saved address or enter one, not both.",
  save_address_without_address: "Only an address you enter can be saved.",
  address_book_sign_in: "Please log in to save an address in your address book.",
  reset_requested: "If an account with this email address exists, we have sent a reset link.",
  password_reset_done: "Your password has been changed. You can log in now.",
  password_changed: "Your password has been changed. Other sessions have been signed out.",
  contact_received: "Thank you for your message. We will get back to you as soon as possible.",
  registration_received:
    "Almost done: we have sent you an email. Please confirm your address with the link in it; you can log in already.",
  email_change_requested:
    "We have sent a confirmation link to the new address. The change takes effect once you open it.",
  email_verification_sent: "We have sent you a new confirmation link.",
  email_verified: "Your email address is confirmed.",
  email_changed: "Your email address has been changed. Other sessions have been signed out.",
  verify_mail_subject: "Please confirm your email address – {site}",
  verify_mail_text:
    "Hello {name},\n\nwelcome to {site}! Please confirm your email address with this link (valid for {hours} hours, usable once):\n\n{link}\n\nIf you did not register, you can ignore this email.\n\nYour {site} team",
  register_attempt_mail_subject: "Registration with your email address – {site}",
  register_attempt_mail_text:
    "Hello {name},\n\nsomeone tried to register at {site} with your email address. There already is an account for it: yours.\n\nWas it you? Then log in: {login}\nForgot your password? Reset it here: {reset}\n\nIf it was not you, you can ignore this email; nothing about your account has changed.\n\nYour {site} team",
  change_mail_subject: "Please confirm your new email address – {site}",
  change_mail_text:
    "Hello {name},\n\nyou want to change the email address of your account at {site} to this one. Please confirm with this link (valid for {hours} hours, usable once; you log in for it):\n\n{link}\n\nIf this was not you, you can ignore this email.\n\nYour {site} team",
  change_notice_mail_subject: "Change of your email address requested – {site}",
  change_notice_mail_text:
    "Hello {name},\n\nsomeone asked to change the email address of your account at {site} to {email}. It changes only once the link sent to the new address is opened.\n\nWas it not you? Then please change your password: {reset}\n\nYour {site} team",
  reset_mail_subject: "Reset your password – {site}",
  reset_mail_text:
    "Hello {name},\n\nyou asked to reset your password at {site}. Use this link to choose a new password (valid for {minutes} minutes, usable once):\n\n{link}\n\nIf this was not you, you can ignore this email.\n\nYour {site} team",
  order_mail_subject: "Your tickets: {event} – order {order}",
  order_mail_text:
    "Hello {name},\n\nthank you for your order {order} at {site}. {received}\n\n{event}\n{date}\n{venue}\n\n{lines}\n\nTotal: {total}\n{vat}\n\nAttached: your tickets as a PDF (one page per ticket, to print or show on your phone) and the date for your calendar.\nYour tickets with QR codes online: {link}\n\nYour {site} team",
  order_mail_paid: "Your payment has been received.",
  order_mail_free: "Your order is confirmed.",
  order_mail_line: "{quantity} × {type} at {price} each",
  order_mail_discount: "Discount: −{amount}",
  order_mail_fee: "Service fee: {amount}",
  vat_included: "incl. {percent}% VAT: {amount}",
  vat_total: "VAT in total: {amount}",
  ticket_pdf_title: "Tickets: {event} – order {order}",
  ticket_pdf_type: "Ticket type",
  ticket_pdf_price: "Price",
  ticket_pdf_order: "Order",
  ticket_pdf_ticket: "Ticket",
  ticket_pdf_of: "{n} of {count} (no. {id})",
  ticket_pdf_discount: "including a discount of {amount}",
  order_not_paid: "This order has not been paid yet; its tickets come after payment.",
  order_refunded_no_tickets: "This order was refunded: its tickets are no longer valid.",
  order_ended_unpaid: "This order was not paid and is closed: it has no tickets.",
  refund_mail_subject: "Order {order} refunded – {site}",
  refund_mail_text:
    "Hello {name},\n\nyour payment for order {order} ({event}) arrived after your reservation had expired, and the tickets had been sold in the meantime. We have refunded {total} in full.\n\nYour {site} team",
  refund_mail_text_voucher:
    "Hello {name},\n\nyour payment for order {order} ({event}) arrived after your reservation had expired, and your voucher had been used up by other buyers in the meantime. We have refunded {total} in full.\n\nYour {site} team",
  refund_mail_text_cancelled:
    "Hello {name},\n\nunfortunately the event {event} was cancelled before your payment for order {order} arrived. No tickets were issued; we have refunded {total} in full.\n\nYour {site} team",
  refund_mail_text_over:
    "Hello {name},\n\nyour payment for order {order} ({event}) arrived only after the event had ended. No tickets were issued; we have refunded {total} in full.\n\nYour {site} team",
  refund_mail_text_provider:
    "Hello {name},\n\nyour payment of {total} for order {order} ({event}) was refunded in full through the payment provider before the order was completed. No tickets were issued.\n\nYour {site} team",
  refund_mail_text_chargeback:
    "Hello {name},\n\nyour bank took back the payment of {total} for your order {order} ({event}) before the order was completed. The order is therefore cancelled; no tickets were issued.\n\nYour {site} team",
  contact_mail_subject: "Contact request: {subject}",
  contact_mail_text:
    "New message from the {site} contact form.\n\nFrom: {name} <{email}>\nSubject: {subject}\n\n{message}",
  // Organiser panel and operator.
  invalid_datetime: "Please enter a valid date and time.",
  invalid_date: "Please enter a valid date (YYYY-MM-DD).",
  end_before_start: "The end must come after the start.",
  starts_in_past: "The start must be in the future.",
  sales_start_after_event: "The sale must start before the event ends.",
  sales_end_after_event: "The sale ends with the event at the latest.",
  valid_until_past: "The expiry date must be in the future.",
  unknown_event_category: "This category does not exist.",
  unknown_venue: "This venue does not exist or you may not use it.",
  event_cancelled: "This event is cancelled and can no longer be changed.",
  event_over: "This event is already over.",
  event_needs_ticket_types: "Add at least one ticket type before publishing.",
  ticket_type_limit: "An event has at most 50 ticket types.",
  order_changed_while_placing:
    "Your order changed while its payment was being prepared. Please check the amount and go to payment again.",
  buyer_deleted:
    "This order's account has been deleted: there is no address left to send the confirmation to.",
  order_total_too_large:
    "An order can cost at most €999,999.99. Please split it into several orders.",
  payment_below_minimum:
    "This amount is below the smallest payment our payment provider accepts (€0.50). Please choose more tickets, or remove the voucher.",
  payment_unavailable:
    "The payment cannot be started right now: the payment provider is not responding. Your tickets stay reserved until your reservation runs out; please try again in a moment.",
  refund_owed:
    "The payment provider did not confirm the refund. It is ordered: we complete it automatically within minutes, and the tickets are no longer valid.",
  voucher_limit: "An event has at most 500 voucher codes.",
  quota_below_sold: "The quota cannot drop below the tickets sold or reserved.",
  ticket_type_has_sales: "This ticket type already has orders. It cannot be deleted, only closed.",
  voucher_code_format: "The code may only contain letters, digits, hyphens and underscores.",
  voucher_code_taken: "This voucher code already exists for this event.",
  percent_range: "A percentage discount is between 1 and 100.",
  amount_range: "An amount off is between €0.01 and €100,000.",
  ticket_price_range: "Please enter a price from €0 to €100,000.",
  vat_percent_invalid:
    "The VAT rate is a number from 0 to 25 with at most one decimal place, e.g. 19 or 7.",
  order_not_refundable: "Only paid orders can be refunded.",
  refund_other_provider:
    "This order was paid through a payment provider the marketplace no longer uses. Only the marketplace's operator can refund it there: please contact them.",
  refund_not_elsewhere:
    "This refund is not owed, or the marketplace's own payment provider completes it; there is nothing to record here.",
  cover_type: "Please upload a JPEG, PNG or WebP picture.",
  cover_too_large: "The picture may be at most 10 MB.",
  confirm_cancel:
    "Tickets have been sold for this event. Please confirm the cancellation; every paid order will be refunded.",
  organiser_not_pending: "This application has already been decided.",
  organiser_email_unverified:
    "The email address has not been confirmed yet. You can approve once the applicant has followed the link in their email.",
  organiser_not_active: "Only approved organisers who are not suspended can be suspended.",
  organiser_not_suspended: "This organiser is not suspended.",
  organiser_refund_mail_subject: "Order {order} refunded – {site}",
  organiser_refund_mail_text:
    "Hello {name},\n\nthe organiser has cancelled your order {order} ({event}). We have refunded {total} in full; your tickets are no longer valid.\n\nYour {site} team",
  provider_refund_mail_text:
    "Hello {name},\n\nyour order {order} ({event}) has been cancelled and {total} refunded in full through the payment provider; your tickets are no longer valid.\n\nYour {site} team",
  chargeback_mail_text:
    "Hello {name},\n\nyour bank has taken back the payment of {total} for your order {order} ({event}). The order is therefore cancelled, and your tickets are no longer valid.\n\nYour {site} team",
  refund_failed_mail_subject: "Refund for order {order} failed – {site}",
  refund_failed_mail_text:
    "Hello {name},\n\nthe payment provider could not carry out the refund of {total} for your order {order} ({event}), for instance because the account no longer exists. The money is not lost: we will pay it back to you another way and contact you about it. Your tickets remain invalid.\n\nYour {site} team",
  refund_repaid_mail_subject: "Order {order} refunded – {site}",
  refund_repaid_mail_text:
    "Hello {name},\n\nwe have paid {total} for your order {order} ({event}) back to you another way than through the payment provider. This completes the refund.\n\nYour {site} team",
  refund_retried_mail_subject: "Order {order} refunded – {site}",
  refund_retried_mail_text:
    "Hello {name},\n\nthe payment provider has carried out the refund of {total} for your order {order} ({event}) after all. This completes the refund.\n\nYour {site} team",
  event_change_mail_subject: "New date or venue: {event} – {site}",
  event_change_mail_text:
    "Hello {name},\n\nthe organiser {organiser} has changed the date or venue of “{event}”:\n\n{changes}\n\nYour tickets from order {order} remain valid; you need not do anything. Your tickets online: {link}\n\nIf you cannot come at the new date or venue, reply to this email: it reaches the organiser.\n\nYour {site} team",
  event_change_mail_date: "New date: {date} (was {before})",
  event_change_mail_venue: "New venue: {venue} (was {before})",
  event_change_mail_calendar:
    "Attached: the event for your calendar; imported, it replaces the earlier entry.",
  event_cancelled_mail_text:
    "Hello {name},\n\nunfortunately the event {event} has been cancelled. We have refunded your order {order} ({total}) in full; your tickets are no longer valid.\n\nYour {site} team",
  organiser_approved_mail_subject: "Your organiser account is approved – {site}",
  organiser_approved_mail_text:
    "Hello {name},\n\nwe have approved your organiser account for {company}. In the organiser panel you can now create events and sell tickets:\n\n{link}\n\nYour {site} team",
  organiser_rejected_mail_subject: "Your organiser application – {site}",
  organiser_rejected_mail_text:
    "Hello {name},\n\nunfortunately we cannot approve your organiser account for {company}. Reason:\n\n{reason}\n\nIf you have questions, please reply via the contact form.\n\nYour {site} team",
  organiser_suspended_mail_subject: "Your organiser account is suspended – {site}",
  organiser_suspended_mail_text:
    "Hello {name},\n\nwe have suspended your organiser account for {company}. Your events are no longer visible and ticket sales have stopped. Reason:\n\n{reason}\n\nYour {site} team",
  organiser_reinstated_mail_subject: "Your organiser account is active again – {site}",
  organiser_reinstated_mail_text:
    "Hello {name},\n\nyour organiser account for {company} is active again; your events are visible once more:\n\n{link}\n\nYour {site} team",
  csv_order: "Order number",
  csv_status: "Status",
  csv_name: "Name",
  csv_email: "Email",
  csv_tickets: "Tickets",
  csv_ticket_types: "Ticket types",
  csv_total: "Total (EUR)",
  csv_fee: "Service fee (EUR)",
  csv_created: "Ordered at",
  csv_paid: "Paid at",
  order_status_pending: "pending",
  order_status_paid: "paid",
  order_status_cancelled: "cancelled",
  order_status_refunded: "refunded",
  order_status_failed: "failed",
  order_status_expired: "expired",
};

const catalogues: Record<Locale, Catalogue> = { de, en };

export type MessageKey = keyof Catalogue;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(de, value);
}

export function t(
  locale: Locale,
  key: MessageKey | ErrorCode,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match));
}
