import type { Lang } from "./e2e-env";

// What a user reads on the pages the suite drives, per language, written out rather than imported
// from app/locales: a page in the wrong language or with a changed wording must fail a test.

export type Texts = {
  /** Label of the language switcher's button for this language. */
  languageName: string;
  register: {
    heading: string;
    email: string;
    password: string;
    confirm: string;
    submit: string;
    /** The code step that proves the address (decision 0019). */
    code: string;
    confirmCode: string;
  };
  login: { heading: string; submit: string; createLink: string };
  onboarding: {
    heading: string;
    storeName: string;
    username: string;
    available: string;
    phone: string;
    companyName: string;
    submit: string;
    next: string;
    skip: string;
    back: string;
    address: string;
    street: string;
    logo: string;
  };
  products: {
    heading: string;
    emptyTitle: string;
    add: string;
    newHeading: string;
    name: string;
    price: string;
    create: string;
    save: string;
    saved: string;
    deleted: string;
    deleteProduct: string;
    deleteRow: (name: string) => string;
    editRow: (name: string) => string;
  };
  validation: {
    required: string;
    passwordTooShort: string;
    passwordMismatch: string;
    emailInvalid: string;
    phoneInvalid: string;
    notNegative: string;
  };
  dashboard: { logout: string };
  landing: { login: string; seeDemo: string };
  notFound: (path: string) => string;
  /** A price of 129,90 den as the public page shows it (the gap is U+00A0). */
  price12990: RegExp;
  price9950: RegExp;
  /** The sales unit after a price: "/ piece". */
  perPiece: string;
};

export const TEXTS: Record<Lang, Texts> = {
  mk: {
    languageName: "Македонски",
    register: {
      heading: "Креирајте сметка",
      email: "Е-пошта",
      password: "Лозинка",
      confirm: "Потврдете ја лозинката",
      submit: "Регистрирај се",
      code: "Код од 6 цифри",
      confirmCode: "Потврди и продолжи",
    },
    login: { heading: "Најава", submit: "Најави се", createLink: "Креирајте веб-страница" },
    onboarding: {
      heading: "Поставете ја вашата продавница",
      storeName: "Име на продавницата",
      username: "Адреса на продавницата",
      available: "Слободно е",
      phone: "Телефон",
      companyName: "Име на фирмата",
      submit: "Заврши",
      next: "Продолжи",
      skip: "Прескокни",
      back: "Назад",
      address: "Адреса на фирмата (град или село)",
      street: "Улица и број",
      logo: "Лого на фирмата",
    },
    products: {
      heading: "Производи",
      emptyTitle: "Сè уште немате производи",
      add: "Додај производ",
      newHeading: "Нов производ",
      name: "Име на производот",
      price: "Продажна цена со ДДВ (ден.)",
      create: "Додај производ",
      save: "Зачувај",
      saved: "Производот е зачуван",
      deleted: "Производот е избришан",
      deleteProduct: "Избриши производ",
      deleteRow: (name) => `Избриши ${name}`,
      editRow: (name) => `Уреди ${name}`,
    },
    validation: {
      required: "Ова поле е задолжително",
      passwordTooShort: "Лозинката мора да има најмалку 8 знаци",
      passwordMismatch: "Лозинките не се совпаѓаат",
      emailInvalid: "Внесете важечка е-пошта",
      phoneInvalid: "Внесете важечки македонски телефонски број, на пр. 071 234 567 или 02 3222 333",
      notNegative: "Не може да биде негативно",
    },
    dashboard: { logout: "Одјава" },
    landing: { login: "Најава", seeDemo: "Погледни демо продавница" },
    notFound: (path) => `Страницата не е пронајдена: ${path}`,
    price12990: /^129,90[\s\u00a0]ден\.$/,
    price9950: /^99,50[\s\u00a0]ден\.$/,
    perPiece: "/ парче",
  },
  en: {
    languageName: "English",
    register: {
      heading: "Create your account",
      email: "E-mail",
      password: "Password",
      confirm: "Confirm password",
      submit: "Sign up",
      code: "6-digit code",
      confirmCode: "Confirm and continue",
    },
    login: { heading: "Log in", submit: "Log in", createLink: "Create your website" },
    onboarding: {
      heading: "Set up your store",
      storeName: "Store name",
      username: "Store address (username)",
      available: "Available",
      phone: "Phone",
      companyName: "Company name",
      submit: "Finish",
      next: "Continue",
      skip: "Skip",
      back: "Back",
      address: "Company address (town or village)",
      street: "Street and number",
      logo: "Company logo",
    },
    products: {
      heading: "Products",
      emptyTitle: "You have no products yet",
      add: "Add product",
      newHeading: "New product",
      name: "Product name",
      price: "Selling price incl. VAT (MKD)",
      create: "Add product",
      save: "Save",
      saved: "Product saved",
      deleted: "Product deleted",
      deleteProduct: "Delete product",
      deleteRow: (name) => `Delete ${name}`,
      editRow: (name) => `Edit ${name}`,
    },
    validation: {
      required: "This field is required",
      passwordTooShort: "Password must be at least 8 characters",
      passwordMismatch: "Passwords do not match",
      emailInvalid: "Enter a valid e-mail address",
      phoneInvalid: "Enter a valid North Macedonian phone number, e.g. 071 234 567 or 02 3222 333",
      notNegative: "Cannot be negative",
    },
    dashboard: { logout: "Log out" },
    landing: { login: "Log in", seeDemo: "See the demo store" },
    notFound: (path) => `Page Not Found: ${path}`,
    price12990: /^MKD[\s\u00a0]129\.90$/,
    price9950: /^MKD[\s\u00a0]99\.50$/,
    perPiece: "/ piece",
  },
  sq: {
    languageName: "Shqip",
    register: {
      heading: "Krijoni llogarinë",
      email: "Email",
      password: "Fjalëkalimi",
      confirm: "Konfirmoni fjalëkalimin",
      submit: "Regjistrohu",
      code: "Kodi me 6 shifra",
      confirmCode: "Konfirmo dhe vazhdo",
    },
    login: { heading: "Hyrje", submit: "Hyr", createLink: "Krijoni faqen tuaj" },
    onboarding: {
      heading: "Konfiguroni dyqanin tuaj",
      storeName: "Emri i dyqanit",
      username: "Adresa e dyqanit (emri i përdoruesit)",
      available: "Është i lirë",
      phone: "Telefoni",
      companyName: "Emri i kompanisë",
      submit: "Përfundo",
      next: "Vazhdo",
      skip: "Kapërce",
      back: "Prapa",
      address: "Adresa e kompanisë (qyteti ose fshati)",
      street: "Rruga dhe numri",
      logo: "Logoja e kompanisë",
    },
    products: {
      heading: "Produktet",
      emptyTitle: "Ende nuk keni produkte",
      add: "Shto produkt",
      newHeading: "Produkt i ri",
      name: "Emri i produktit",
      price: "Çmimi i shitjes me TVSH (den.)",
      create: "Shto produktin",
      save: "Ruaj",
      saved: "Produkti u ruajt",
      deleted: "Produkti u fshi",
      deleteProduct: "Fshi produktin",
      deleteRow: (name) => `Fshi ${name}`,
      editRow: (name) => `Ndrysho ${name}`,
    },
    validation: {
      required: "Kjo fushë është e detyrueshme",
      passwordTooShort: "Fjalëkalimi duhet të ketë të paktën 8 karaktere",
      passwordMismatch: "Fjalëkalimet nuk përputhen",
      emailInvalid: "Shkruani një adresë email të vlefshme",
      phoneInvalid:
        "Shkruani një numër telefoni të vlefshëm të Maqedonisë së Veriut, p.sh. 071 234 567 ose 02 3222 333",
      notNegative: "Nuk mund të jetë negativ",
    },
    dashboard: { logout: "Dilni" },
    landing: { login: "Hyrje", seeDemo: "Shiko dyqanin demo" },
    notFound: (path) => `Faqja nuk u gjet: ${path}`,
    price12990: /^129,90[\s\u00a0]den$/,
    price9950: /^99,50[\s\u00a0]den$/,
    perPiece: "/ copë",
  },
};
