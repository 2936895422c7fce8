// api.upload sends multipart forms with XMLHttpRequest (for progress), which the fetch mock does
// not see. This stands in for the browser's XMLHttpRequest at the same network boundary:
// `installFakeUpload(handler)` answers each request from handler({method, url, body}) ->
// {status, body} (or throws to simulate a network failure) and records the requests.
export function installFakeUpload(handler) {
  const requests = [];
  const original = global.XMLHttpRequest;

  class FakeXhr {
    constructor() {
      this.listeners = {};
      this.upload = {
        listeners: {},
        addEventListener: (type, fn) => {
          (this.upload.listeners[type] ||= []).push(fn);
        },
        removeEventListener() {},
      };
      this.headers = {};
      this.readyState = 0;
      this.status = 0;
      this.responseType = '';
    }
    open(method, url) {
      this.method = method;
      this.url = url;
      this.readyState = 1;
    }
    setRequestHeader(name, value) {
      this.headers[name] = value;
    }
    getResponseHeader(name) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    addEventListener(type, fn) {
      (this.listeners[type] ||= []).push(fn);
    }
    removeEventListener() {}
    abort() {}
    emit(target, type, event) {
      const handlerProp = target[`on${type}`];
      if (typeof handlerProp === 'function') handlerProp.call(target, event);
      (target.listeners[type] || []).forEach((fn) => fn.call(target, event));
    }
    send(body) {
      const request = { method: this.method, url: this.url, body, headers: this.headers };
      requests.push(request);
      setTimeout(() => {
        let answer;
        try {
          answer = handler(request);
        } catch (err) {
          this.emit(this, 'error', new Event('error'));
          this.emit(this, 'loadend', new Event('loadend'));
          return;
        }
        const progress = { lengthComputable: true, loaded: 100, total: 100 };
        this.emit(this.upload, 'progress', progress);
        this.status = answer.status;
        this.readyState = 4;
        const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.responseText = text;
        this.response = this.responseType === 'json' ? (answer.body ?? null) : text;
        this.emit(this, 'readystatechange', new Event('readystatechange'));
        this.emit(this, 'load', new Event('load'));
        this.emit(this, 'loadend', new Event('loadend'));
      }, 0);
    }
  }

  global.XMLHttpRequest = FakeXhr;
  if (typeof window !== 'undefined') window.XMLHttpRequest = FakeXhr;
  return {
    requests,
    restore() {
      global.XMLHttpRequest = original;
      if (typeof window !== 'undefined') window.XMLHttpRequest = original;
    },
  };
}

// FormData entries as a plain object of lists, for assertions.
export function formFields(formData) {
  const fields = {};
  for (const [key, value] of formData.entries()) (fields[key] ||= []).push(value);
  return fields;
}
