/// <reference path="../pb_data/types.d.ts" />

// An O/L or A/L item's answer key and explanations must be readable when saved (admin UI, API,
// migrations): otherwise the save is refused with a message naming the question. The key's
// question and option counts are written beside it (public fields), so the site draws the
// sheet and links "Practise" without the key. Rules: answer_keys.js.
onRecordValidate((e) => {
  const keys = require(`${__hooks}/answer_keys.js`);
  const refuse = (field, message) => {
    throw new BadRequestError(message, { [field]: new ValidationError("validation_answer_key", message) });
  };
  let key = null;
  try {
    key = keys.parseKey(e.record.getString("answers"));
  } catch (error) {
    refuse("answers", error.message);
  }
  try {
    keys.parseExplanations(e.record.getString("explanations"), key ? key.answers.length : 0);
  } catch (error) {
    refuse("explanations", error.message);
  }
  e.record.set("questions", key ? key.answers.length : 0);
  e.record.set("options", key ? key.options : 0);
  e.next();
}, "OL_Items", "AL_Items");
