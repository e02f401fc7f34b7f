"""Every text of the account pages, messages and mails (English msgids; `make messages` puts them
in the Sinhala and Tamil catalogs). Not the spec's: the spec's old site had no accounts."""

from __future__ import annotations

from typing import Final

from student_portal.i18n import N_, Message, gettext


class AccountText:
    # Sign up (/sign-up and the header dialog's Sign Up tab)
    SIGN_UP_HEADING = Message("Create your Student Portal account")
    CREATE_ACCOUNT = Message("Create an account")
    SIGN_UP = Message("Create account")
    SIGNING_UP = Message("Creating your account...")
    HAVE_ACCOUNT = Message("Already have an account?")
    EMAIL_INVALID = Message("Please enter a valid email address.")
    EMAIL_TAKEN = Message("An account with this email already exists. Sign in, or reset your password.")
    PASSWORDS_DIFFER = Message("The two passwords are not the same.")
    SIGN_UP_FAILED = Message("Your account could not be created. Please check the form and try again.")
    TOO_MANY_REQUESTS = Message("Too many requests from your connection. Please wait a few minutes and try again.")

    # Sign in before verification, resend
    NOT_VERIFIED = Message("Your email address is not verified yet. Open the link we emailed you, or send it again.")
    RESEND_VERIFICATION = Message("Send the email again")
    VERIFICATION_SENT = Message("If this address still needs verifying, a new link is on its way. Check your inbox.")
    RESEND_NEEDS_EMAIL = Message("Sign in with your email address to get the link again.")

    # Forgot password (/forgot-password)
    FORGOT_PASSWORD = Message("Forgot password?")
    FORGOT_HEADING = Message("Forgot your password?")
    FORGOT_INTRO = Message("Enter your account's email. We will send you a link to choose a new password.")
    SEND_RESET_LINK = Message("Send me a link")
    SENDING = Message("Sending...")
    RESET_SENT = Message(
        "If an account uses this address, we sent it a link to choose a new password. "
        "Check your inbox and your spam folder."
    )
    BACK_TO_SIGN_IN = Message("Back to sign in")

    # The pages the mails link to
    VERIFY_HEADING = Message("Verify your email")
    VERIFYING = Message("Verifying your email...")
    VERIFIED = Message("Your email is verified. You can sign in now.")
    LINK_INVALID = Message("This link does not work any more: it may have expired or been used already.")
    RESET_HEADING = Message("Choose a new password")
    NEW_PASSWORD_LABEL = Message("New password")
    CONFIRM_NEW_PASSWORD_LABEL = Message("Confirm new password")
    SAVE_PASSWORD = Message("Save new password")
    SAVING = Message("Saving...")
    PASSWORD_RESET_DONE = Message("Your password is changed. Sign in with the new one.")
    CONFIRM_EMAIL_HEADING = Message("Confirm your new email")
    CONFIRM_EMAIL_INTRO = Message("Enter your password to use the new address for your account.")
    CONFIRM_EMAIL = Message("Confirm new email")
    EMAIL_CHANGED = Message("Your email is changed. Sign in with the new address.")
    WRONG_PASSWORD = Message("That password is not right.")
    REQUEST_NEW_LINK = Message("Ask for a new link")

    # The signed-in account page (/account)
    ACCOUNT = Message("My account")
    CHANGE_PASSWORD = Message("Change password")
    CURRENT_PASSWORD_LABEL = Message("Current password")
    PASSWORD_CHANGED = Message("Your password is changed. Other devices are signed out.")
    CHANGE_EMAIL = Message("Change email")
    NEW_EMAIL_LABEL = Message("New email")
    SEND_CONFIRMATION = Message("Send confirmation link")
    SIGN_OUT_EVERYWHERE = Message("Sign out everywhere")
    SIGN_OUT_EVERYWHERE_DETAIL = Message("Ends your session on every device, this one too.")
    SIGNING_OUT_EVERYWHERE = Message("Signing out...")

    # Uni Notes for a basic account
    ASK_FOR_ACCESS = Message("Ask for access")
    ASK_FOR_ACCESS_DETAIL = Message("The content managers see your request and can give your account Uni Notes.")
    ACCESS_REQUESTED = Message("Your request was sent. The content managers will look at it.")
    ACCESS_ALREADY_REQUESTED = Message("You already asked. The content managers will look at your request.")

    @staticmethod
    def password_rules(minimum: int, maximum: int) -> str:
        return gettext("Use {minimum} to {maximum} characters.").format(minimum=minimum, maximum=maximum)

    @staticmethod
    def password_length(minimum: int, maximum: int) -> str:
        return gettext("The password must have {minimum} to {maximum} characters.").format(
            minimum=minimum, maximum=maximum
        )

    @staticmethod
    def check_your_email(email: str) -> str:
        return gettext(
            "Account created. We sent a link to {email}: open it to verify your address, then sign in."
        ).format(email=email)

    @staticmethod
    def email_change_sent(email: str) -> str:
        return gettext("We sent a link to {email}. Open it to confirm the new address.").format(email=email)


# The account mails (pb/pb_hooks/account_mails.js fills {site}, {email} and adds the link).
MAIL_TEXTS: Final = {
    "verification": {
        "subject": N_("Verify your email for {site}"),
        "intro": N_("Welcome to {site}! Open this link to confirm that {email} is your address:"),
        "action": N_("Verify my email"),
        "ignore": N_("If you did not sign up, you can ignore this email."),
    },
    "password_reset": {
        "subject": N_("Choose a new {site} password"),
        "intro": N_("Someone asked to reset the password of your {site} account. Open this link to choose a new one:"),
        "action": N_("Choose a new password"),
        "ignore": N_("If it was not you, ignore this email: your password stays as it is."),
    },
    "email_change": {
        "subject": N_("Confirm your new email for {site}"),
        "intro": N_("Open this link to use {email} for your {site} account:"),
        "action": N_("Confirm my new email"),
        "ignore": N_("If you did not ask for this, ignore this email: nothing changes."),
    },
    # To the owner of an address someone signed up with again (pb/pb_hooks/account_mails.js),
    # linking to /forgot-password: the sign-up form answers as if the account were new.
    "already_registered": {
        "subject": N_("You already have a {site} account"),
        "intro": N_(
            "Someone, maybe you, tried to make a new {site} account with {email}. This address already has "
            "an account: sign in with it, or if you forgot the password, open this link to choose a new one:"
        ),
        "action": N_("Choose a new password"),
        "ignore": N_("If it was not you, ignore this email: your account stays as it is."),
    },
}
