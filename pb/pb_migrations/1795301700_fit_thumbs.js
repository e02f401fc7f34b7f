/// <reference path="../pb_data/types.d.ts" />

// Thumbs that fit the whole picture inside the size ("f": no crop) for the pictures that carry
// words: a teacher's avatar (often a name card), the class page's two banners and the promo
// cards. The "WxH" thumbs crop to the size's shape, so a banner uploaded at another shape lost
// the ends of its words ("ombined Maths Notes"). The site shows these whole (object-contain).

const FIT_THUMBS = {
  Teachers: { avatar: ["96x96f", "256x256f"], note_background: ["1280x320f"], record_backgroud: ["1280x320f"] },
  Class_Promo: { image: ["400x300f"] },
};

migrate((app) => {
  for (const [name, fields] of Object.entries(FIT_THUMBS)) {
    const collection = app.findCollectionByNameOrId(name);
    for (const [field, thumbs] of Object.entries(fields)) {
      const file = collection.fields.getByName(field);
      file.thumbs = [...file.thumbs, ...thumbs.filter((thumb) => !file.thumbs.includes(thumb))];
    }
    app.save(collection);
  }
}, (app) => {
  for (const [name, fields] of Object.entries(FIT_THUMBS)) {
    const collection = app.findCollectionByNameOrId(name);
    for (const [field, thumbs] of Object.entries(fields)) {
      const file = collection.fields.getByName(field);
      file.thumbs = file.thumbs.filter((thumb) => !thumbs.includes(thumb));
    }
    app.save(collection);
  }
});
