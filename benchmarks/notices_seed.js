/// <reference path="../pb/pb_data/types.d.ts" />

// Followers for the notices benchmark (benchmarks/notices.py; never part of the demo data):
// one teacher with one class, and NOTICE_BENCH_FOLLOWERS (default 10,000) verified students who
// follow that teacher, their languages and mail choices mixed as students' would be. Their
// password is a fixed bcrypt hash set raw (hashing 10,000 passwords would take minutes; nobody
// signs in as them).

migrate((app) => {
  const followers = Number($os.getenv("NOTICE_BENCH_FOLLOWERS") || "10000") || 10000;
  const id = (prefix, n) => {
    const digits = String(n);
    return prefix + "0".repeat(15 - prefix.length - digits.length) + digits;
  };
  const teacher = new Record(app.findCollectionByNameOrId("Teachers"));
  teacher.set("id", "benchteacher001");
  teacher.set("name", "Bench Teacher");
  app.save(teacher);
  const lesson = new Record(app.findCollectionByNameOrId("Classes"));
  lesson.set("id", "benchclass00001");
  lesson.set("name", "Physics revision");
  lesson.set("date", "2030-12-14 10:30:00.000Z");
  lesson.set("duration", 90);
  lesson.set("teacher", "benchteacher001");
  app.save(lesson);

  const users = app.findCollectionByNameOrId("users");
  const follows = app.findCollectionByNameOrId("follows");
  const hash = "$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3tGZ1YcyJDxYyI4YtQ9F1Qe";
  const choices = ["", "", "", "", "", "daily", "daily", "weekly", "weekly", "none"];
  for (let n = 1; n <= followers; n++) {
    const user = new Record(users);
    user.set("id", id("benchuser", n));
    user.set("email", `student${n}@bench.invalid`);
    user.set("username", `benchstudent${n}`);
    user.set("verified", true);
    user.set("role", "basic");
    user.set("language", ["en", "si", "ta"][n % 3]);
    user.set("mail_classes", choices[n % choices.length]);
    user.setRaw("password", hash);
    app.saveNoValidate(user);
    const follow = new Record(follows);
    follow.set("user", user.id);
    follow.set("kind", "teacher");
    follow.set("teacher", "benchteacher001");
    app.saveNoValidate(follow);
  }
}, (app) => {});
