// Runs pb/pb_hooks/answer_keys.js over tests/support/answer_keys.json (tests/unit/test_answer_keys.py):
// node answer_keys_table.js <answer_keys.js> <answer_keys.json>
const k = require(process.argv[2]);
const t = require(process.argv[3]);
const out = {keys: [], explanations: []};
for (const c of t.keys) { try { out.keys.push(k.parseKey(c.key)); } catch (e) { out.keys.push({error: e.message}); } }
for (const c of t.explanations) { try { out.explanations.push(k.parseExplanations(c.text, c.questions)); } catch (e) { out.explanations.push({error: e.message}); } }
console.log(JSON.stringify(out));
