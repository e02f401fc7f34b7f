"""Local sample data (spec 3: "tuition (id, title, count, coverUrl, imageUrl, instructor)").

The /courses page shows these static tuition class cards; they are not in PocketBase. Images are
small SVGs in assets/courses. No Reflex here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Tuition:
    id: str
    title: str
    count: int  # lessons
    cover_url: str
    image_url: str  # the instructor's picture
    instructor: str


TUITION: Final = (
    Tuition(
        "t1", "Combined Maths - 2027 A/L Theory", 24, "/courses/maths.svg", "/courses/avatar-np.svg", "Dr. Nuwan Perera"
    ),
    Tuition(
        "t2",
        "Physics - Mechanics and Waves",
        18,
        "/courses/physics.svg",
        "/courses/avatar-dj.svg",
        "Ms. Dilani Jayasinghe",
    ),
    Tuition(
        "t3",
        "Chemistry - Organic Conversions",
        16,
        "/courses/chemistry.svg",
        "/courses/avatar-cb.svg",
        "Mr. Chaminda Bandara",
    ),
    Tuition(
        "t4", "ICT - Python for O/L and A/L", 12, "/courses/ict.svg", "/courses/avatar-tf.svg", "Ms. Tharushi Fernando"
    ),
    Tuition(
        "t5",
        "Economics - Micro and Macro Basics",
        14,
        "/courses/economics.svg",
        "/courses/avatar-rs.svg",
        "Mr. Ruwan Silva",
    ),
    Tuition(
        "t6", "O/L Science - Grade 10 and 11", 20, "/courses/science.svg", "/courses/avatar-ih.svg", "Ms. Ishani Herath"
    ),
)
