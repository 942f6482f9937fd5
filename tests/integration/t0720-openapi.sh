# SPDX-License-Identifier: GPL-2.0-only
# t0720-openapi: docs/openapi.yaml describes exactly the /api/v1 routes of
# daemon/api/routes.c: it parses as OpenAPI 3, every route (method and path)
# is there with its access (x-kpci-access: public, admin, runner) and
# nothing else is, every operation has responses with a 2xx one, admin
# and runner operations ask for the bearer token, every $ref resolves.
# The checker is also run on a route table with one route more and on
# an OpenAPI file with one path more, and must refuse both.  A standard
# validator (swagger-cli, pinned in package.json) must accept the file
# and refuse two broken copies of it.
. tests/integration/lib.sh

cat > "$TMP/check.py" <<'PY'
import re
import sys

import yaml

ACCESS = {'HTTP_PUBLIC': 'public', 'HTTP_ADMIN': 'admin', 'HTTP_RUNNER': 'runner'}
METHODS = ('get', 'post', 'put', 'delete', 'patch')


def norm(path):
    return re.sub(r'\{[^}]*\}|:[a-z]+', '{}', path)


def main(routes_c, spec_path):
    problems = []
    routes = {}
    for m in re.finditer(r'\{\s*"([A-Z]+)",\s*"(/api/v1/[^"]*)",\s*(HTTP_[A-Z]+)',
                         open(routes_c).read()):
        routes[(m.group(1).lower(), norm(m.group(2)))] = (m.group(2), ACCESS[m.group(3)])
    if len(routes) < 10:
        problems.append('%s: only %d /api/v1 routes found' % (routes_c, len(routes)))
    try:
        spec = yaml.safe_load(open(spec_path))
    except yaml.YAMLError as e:
        print('%s does not parse: %s' % (spec_path, e))
        return 1
    if not str(spec.get('openapi', '')).startswith('3.'):
        problems.append('openapi is not 3.x')
    documented = {}
    for path, item in (spec.get('paths') or {}).items():
        for method, op in item.items():
            if method not in METHODS:
                continue
            documented[(method, norm(path))] = path
            where = '%s %s' % (method.upper(), path)
            resp = op.get('responses') or {}
            if not resp:
                problems.append('%s has no responses' % where)
            elif not any(str(code).startswith('2') for code in resp):
                problems.append('%s has no 2xx response' % where)
            route = routes.get((method, norm(path)))
            if route and op.get('x-kpci-access') != route[1]:
                problems.append('%s: x-kpci-access is %r, daemon/api/routes.c says %s'
                                % (where, op.get('x-kpci-access'), route[1]))
            if route and route[1] != 'public' and {'bearer': []} not in (op.get('security') or []):
                problems.append('%s needs a %s token but does not ask for one'
                                % (where, route[1]))
            for name in re.findall(r'\{([^}]*)\}', path):
                params = [p for p in op.get('parameters', []) + item.get('parameters', [])]
                names = set()
                for p in params:
                    if '$ref' in p:
                        p = spec['components']['parameters'][p['$ref'].split('/')[-1]]
                    if p.get('in') == 'path':
                        names.add(p['name'])
                if name not in names:
                    problems.append('%s: path parameter {%s} is not described' % (where, name))
    for key, (path, _) in sorted(routes.items()):
        if key not in documented:
            problems.append('%s %s (daemon/api/routes.c) is missing from %s'
                            % (key[0].upper(), path, spec_path))
    for key, path in sorted(documented.items()):
        if key not in routes:
            problems.append('%s %s is documented but daemon/api/routes.c has no such route'
                            % (key[0].upper(), path))
    text = open(spec_path).read()
    for ref in sorted(set(re.findall(r"\$ref: '#/([^']*)'", text))):
        node = spec
        for part in ref.split('/'):
            node = node.get(part) if isinstance(node, dict) else None
        if node is None:
            problems.append('$ref #/%s does not resolve' % ref)
    for p in problems:
        print(p)
    print('%d routes, %d operations documented' % (len(routes), len(documented)))
    return 1 if problems else 0


sys.exit(main(sys.argv[1], sys.argv[2]))
PY

python3 "$TMP/check.py" daemon/api/routes.c docs/openapi.yaml > "$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
check_eq "docs/openapi.yaml documents exactly the /api/v1 routes, with responses and access" 0 "$rc"

sed 's#{ NULL },#{ "GET", "/api/v1/undocumented/:id", HTTP_PUBLIC, api_health },\n&#' \
	daemon/api/routes.c > "$TMP/routes.c"
python3 "$TMP/check.py" "$TMP/routes.c" docs/openapi.yaml > "$TMP/out2" 2>&1
check "a route missing from the OpenAPI file is found" \
	grep -q 'GET /api/v1/undocumented/:id (daemon/api/routes.c) is missing' "$TMP/out2"

sed 's#^paths:#&\n  /api/v1/ghost:\n    get: {x-kpci-access: public, responses: {"200": {description: x}}}#' \
	docs/openapi.yaml > "$TMP/openapi.yaml"
python3 "$TMP/check.py" daemon/api/routes.c "$TMP/openapi.yaml" > "$TMP/out3" 2>&1
check "a documented route that does not exist is found" \
	grep -q 'GET /api/v1/ghost is documented but daemon/api/routes.c has no such route' "$TMP/out3"

sed 's#^\(  /api/v1/noise:\)#\1 [#' docs/openapi.yaml > "$TMP/broken.yaml"
python3 "$TMP/check.py" daemon/api/routes.c "$TMP/broken.yaml" > "$TMP/out4" 2>&1
check "a file that does not parse is refused" grep -q 'does not parse' "$TMP/out4"

check "docs/API.md links the OpenAPI file" grep -q 'openapi.yaml' docs/API.md

# A standard validator, pinned in package.json (npm ci): the file is a
# valid OpenAPI 3.0 document (every response described, every schema
# well formed), so that clients can be generated from it and Swagger UI
# or Redoc render it.
SWAGGER=node_modules/.bin/swagger-cli
if [ ! -x "$SWAGGER" ]; then
	not_ok "swagger-cli is installed (run make deps: npm ci)"
else
	"$SWAGGER" validate docs/openapi.yaml > "$TMP/v1" 2>&1
	rc=$?
	cat "$TMP/v1"
	check_eq "swagger-cli validate: docs/openapi.yaml is valid OpenAPI 3.0" 0 "$rc"
	# A response without its description, and a description whose comma
	# makes a key of its own in a flow mapping: both must be refused.
	sed 's#^\(  /api/v1/noise:\)#  /api/v1/nodesc:\n    get: {x-kpci-access: public, responses: {"200": {content: {}}}}\n\1#' \
		docs/openapi.yaml > "$TMP/nodesc.yaml"
	check "swagger-cli refuses a response without a description" \
		sh -c "! '$SWAGGER' validate '$TMP/nodesc.yaml' > /dev/null 2>&1"
	sed 's#^\(  /api/v1/noise:\)#  /api/v1/comma:\n    get: {x-kpci-access: public, responses: {"200": {description: one, two}}}\n\1#' \
		docs/openapi.yaml > "$TMP/comma.yaml"
	check "swagger-cli refuses a description split by a comma" \
		sh -c "! '$SWAGGER' validate '$TMP/comma.yaml' > /dev/null 2>&1"
fi
finish
