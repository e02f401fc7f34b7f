"""The job market (/jobs): job cards with Call, WhatsApp (+94) and email; empty and error faces."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from student_portal import routes
from student_portal.i18n.texts import Text
from student_portal.pocketbase import Job
from student_portal.state.jobs import newest_first
from student_portal.utils.phone import tel_href, whatsapp_number
from tests.support.demo_records import demo_records


def _jobs(demo_pocketbase) -> list[Job]:
    return newest_first([Job.model_validate(j) for j in demo_records(demo_pocketbase, "Jobs")])


def test_job_market_lists_every_job_newest_first(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    jobs = _jobs(demo_pocketbase)
    sized_page.goto(base_url + routes.JOBS)
    expect(sized_page).to_have_title(re.compile(rf"^{Text.JOB_MARKET} \|"))
    expect(sized_page.get_by_role("heading", level=1)).to_have_text(Text.JOB_MARKET)
    cards = sized_page.get_by_test_id("job-card")
    expect(cards).to_have_count(len(jobs))
    expect(cards.get_by_role("heading")).to_have_text([j.title for j in jobs])


def test_a_job_card_shows_logo_company_badges_date_contract_location_and_tags(
    page: Page, base_url: str, demo_pocketbase
) -> None:
    job = next(j for j in _jobs(demo_pocketbase) if j.new and j.featured)
    page.goto(base_url + routes.JOBS)
    card = page.get_by_test_id("job-card").filter(has_text=job.title)
    expect(card.get_by_role("img")).to_have_attribute("alt", f"{job.company} logo")
    expect(card.get_by_role("img")).to_have_attribute("src", re.compile(r"\?thumb=96x96$"))
    for text in [job.company, Text.NEW, Text.FEATURED, job.contract, job.location, *job.tags]:
        expect(card).to_contain_text(text)
    expect(card.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-\d{2}-\d{2}$"))
    plain = next(j for j in _jobs(demo_pocketbase) if not j.new and not j.featured)
    plain_card = page.get_by_test_id("job-card").filter(has_text=plain.title)
    expect(plain_card.get_by_text(Text.NEW, exact=True)).to_have_count(0)
    expect(plain_card.get_by_text(Text.FEATURED, exact=True)).to_have_count(0)


def test_call_whatsapp_and_email_actions(sized_page: Page, base_url: str, demo_pocketbase) -> None:
    job = _jobs(demo_pocketbase)[0]
    sized_page.goto(base_url + routes.JOBS)
    card = sized_page.get_by_test_id("job-card").first
    expect(card.get_by_role("link", name=f"{Text.CALL} {job.company}")).to_have_attribute(
        "href", tel_href(job.phone_number)
    )
    whatsapp = card.get_by_role("link", name=f"{Text.WHATSAPP} {job.company}")
    expect(whatsapp).to_have_attribute("href", f"https://wa.me/{whatsapp_number(job.whatsapp_number)}")
    assert whatsapp_number(job.whatsapp_number).startswith("94")
    expect(whatsapp).to_have_attribute("target", "_blank")
    expect(card.get_by_role("link", name=f"{Text.EMAIL} {job.company}")).to_have_attribute(
        "href", f"mailto:{job.email}"
    )


def test_a_number_that_cannot_be_a_mobile_gets_no_whatsapp_button(page: Page, base_url: str, demo_pocketbase) -> None:
    job = next(j for j in _jobs(demo_pocketbase) if whatsapp_number(j.whatsapp_number) is None)
    page.goto(base_url + routes.JOBS)
    card = page.get_by_test_id("job-card").filter(has_text=job.title)
    expect(card.get_by_role("link", name=re.compile(f"^{Text.CALL}"))).to_be_visible()
    expect(card.get_by_role("link", name=re.compile(f"^{Text.WHATSAPP}"))).to_have_count(0)


def test_no_jobs_available(sized_page: Page, base_url: str, backend) -> None:
    backend.empty()
    sized_page.goto(base_url + routes.JOBS)
    expect(sized_page.get_by_role("status")).to_have_text(Text.NO_JOBS)


def test_a_dead_backend_says_jobs_could_not_load_instead_of_none(page: Page, base_url: str, backend) -> None:
    backend.down()
    page.goto(base_url + routes.JOBS)
    expect(page.get_by_role("alert")).to_have_text(Text.JOBS_FAILED)
    expect(page.get_by_text(Text.NO_JOBS)).to_have_count(0)


def test_a_server_error_says_jobs_could_not_load(page: Page, base_url: str, backend) -> None:
    backend.server_error()
    page.goto(base_url + routes.JOBS)
    expect(page.get_by_role("alert")).to_have_text(Text.JOBS_FAILED)
